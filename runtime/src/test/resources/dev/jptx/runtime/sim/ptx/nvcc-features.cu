#include <cstdio>
__constant__ float ctab[4] = {1.0f, 2.5f, -3.0f, 0.125f};
__constant__ int cints[3][2] = {{1,2},{3,4},{5,6}};
__device__ int gcount = 7;
__device__ double gd = 1.5;
__device__ int garr[8] = {1, 2, 3};
__device__ int* gptr = &garr[2];
__device__ int* gptrs[2] = {&garr[0], &garr[1]};
__device__ char gstr[] = "hi";
__device__ unsigned long long gull = 0xFFFFFFFFFFFFFFFFULL;
__device__ short gsh[2] = {-1, 2};

__device__ __noinline__ int addOne(int x, float y) { return x + (int)y + gcount; }
__device__ __noinline__ float2 pairf(float a) { return make_float2(a, a*2); }
__device__ __noinline__ void noret(int* p) { *p = 3; }

extern __shared__ float dyn[];

__global__ void kern(float* out, const float4* in, int n, int idx) {
    __shared__ float tile[32][33];
    int t = threadIdx.x;
    float4 v = in[t];
    tile[t][t % 33] = v.x + v.y + v.z + v.w + ctab[t & 3] + cints[t%3][t&1];
    dyn[t] = tile[t][0];
    int local[16];
    for (int i = 0; i < 16; i++) local[i] = i * t;
    __syncthreads();
    out[t] = dyn[t ^ 1] + local[idx & 15] + addOne(t, out[0]) + *gptr + gd + pairf(out[1]).y;
    noret(&gptrs[0][t]);
    if (t == 0) printf("hello %d %f %s\n", n, out[0], gstr);
    unsigned r;
    asm volatile("{\n\t.reg .u32 tmp;\n\tadd.u32 tmp, %1, 1;\n\tmov.u32 %0, tmp;\n\t}" : "=r"(r) : "r"(t));
    out[t + 1] = r + gull + gsh[t&1];
    if (n < 0) __trap();
}
