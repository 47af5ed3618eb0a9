__device__ __forceinline__ float sq(float x) { return x * x; }
__global__ void ki(float* o, const float* a) { int t = threadIdx.x; o[t] = sq(a[t]) + sq(a[t+1]); }
