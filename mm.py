"""
description: matmul
args:
  A: {dtype: float32, shape: [2,2], data: [1,2,3,4]}
  B: {dtype: float32, shape: [2,2], data: [1,0,0,1]}
  C: {dtype: float32, shape: [2,2]}
expect:
  buffers: {C: [1,2,3,4]}
"""
from tvm.script import tir as T

@T.prim_func
def main(A: T.Buffer((2, 2), "float32"), B: T.Buffer((2, 2), "float32"), C: T.Buffer((2, 2), "float32")):
    for i, j, k in T.grid(2, 2, 2):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
