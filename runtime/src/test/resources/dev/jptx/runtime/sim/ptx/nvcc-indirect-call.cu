#include <cstdio>
typedef int (*fn_t)(int, int);
__device__ __noinline__ int add2(int a, int b) { return a + b; }
__device__ __noinline__ int mul2(int a, int b) { return a * b; }
__device__ fn_t table[2] = {add2, mul2};
struct S { int a; double b; float c[3]; };
__device__ __noinline__ S mk(S s, int k) { s.a += k; return s; }
__global__ void __launch_bounds__(128, 4) kfp(int* out, int sel, S s) {
  out[threadIdx.x] = table[sel & 1](threadIdx.x, sel) + mk(s, sel).a;
  int lane = threadIdx.x & 31;
  int v = __shfl_xor_sync(0xffffffff, lane, 1);
  unsigned b = __ballot_sync(0xffffffff, v > 3);
  out[0] += b + atomicCAS(out+1, 1, 2) + __popc(b) + __clz(b);
  out[2] = (int)(clock64() & 0xff) + __float_as_int(__int_as_float(b) * 1.5f);
  double d = __longlong_as_double(sel); out[3] = (int)(d * 1e-3);
}
