"""
description: T.match_buffer at function level binds the params a and b (buffer_map keys are params)
rules: [type.other.primfunc.buffer_map_keys]
args:
  a: {dtype: float16, shape: [2, 4], data: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]}
  b: {dtype: float16, shape: [2]}
  n: 2
expect:
  buffers: {b: [5.0, 13.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, b: T.handle, n: T.int32):
    A = T.match_buffer(a, (n, 4), "float16")
    B = T.match_buffer(b, (n,), "float16")
    for i in range(n):
        B[i] = A[i, 0] + A[i, 3]
