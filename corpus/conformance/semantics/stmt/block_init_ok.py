"""
description: A reduction block runs init before body exactly where its reduce var vk is at its domain min 0 - one init per output row, so B is the row sums of A (6, 15)
rules: [sem.stmt.block.init, sem.stmt.block]
args:
  A: {dtype: int32, shape: [2, 3], data: [1, 2, 3, 4, 5, 6]}
  B: {dtype: int32, shape: [2], data: [100, 100]}
expect:
  buffers: {B: [6, 15]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 3), "int32"), B: T.Buffer((2,), "int32")):
    for i, k in T.grid(2, 3):
        with T.block("sum"):
            vi, vk = T.axis.remap("SR", [i, k])
            T.reads(A[vi, vk])
            T.writes(B[vi])
            with T.init():
                B[vi] = 0
            B[vi] = B[vi] + A[vi, vk]
