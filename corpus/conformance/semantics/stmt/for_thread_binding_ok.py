"""
description: Thread-binding Fors (blockIdx.x 2 x threadIdx.x 4) run every iteration once, like parallel Fors - B[bx * 4 + tx] = A[...] * 2
rules: [sem.stmt.for.thread_binding]
args:
  A: {dtype: float32, shape: [8], data: [0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0]}
  B: {dtype: float32, shape: [8]}
expect:
  buffers: {B: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for bx in T.thread_binding(2, thread="blockIdx.x"):
        for tx in T.thread_binding(4, thread="threadIdx.x"):
            B[bx * 4 + tx] = A[bx * 4 + tx] * T.float32(2.0)
