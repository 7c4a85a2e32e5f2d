"""
description: >-
  A 2 x 2 float32 matmul block (SSR) - C = A * B^T with A = [[1, 2], [3, 4]], B = [[5, 6], [7, 8]]:
  C[0, 0] = 1*5 + 2*6 = 17, C[0, 1] = 1*7 + 2*8 = 23, C[1, 0] = 3*5 + 4*6 = 39, C[1, 1] = 3*7 + 4*8 = 53
rules: [sem.stmt.block.init, sem.stmt.block]
args:
  A: {dtype: float32, shape: [2, 2], data: [1.0, 2.0, 3.0, 4.0]}
  B: {dtype: float32, shape: [2, 2], data: [5.0, 6.0, 7.0, 8.0]}
  C: {dtype: float32, shape: [2, 2], data: [9.0, 9.0, 9.0, 9.0]}
expect:
  buffers: {C: [17.0, 23.0, 39.0, 53.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "float32"), B: T.Buffer((2, 2), "float32"), C: T.Buffer((2, 2), "float32")):
    for i, j, k in T.grid(2, 2, 2):
        with T.block("C"):
            vi, vj, vk = T.axis.remap("SSR", [i, j, k])
            T.reads(A[vi, vk], B[vj, vk])
            T.writes(C[vi, vj])
            with T.init():
                C[vi, vj] = T.float32(0.0)
            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vj, vk]
