"""
description: >-
  A reduce var whose domain is [2, 6) gets init where vk = 2, its domain min (not 0); B = A[2] +
  A[3] + A[4] + A[5] = 2 + 3 + 4 + 5 = 14, with B's input 50 discarded by the init
rules: [sem.stmt.block.init]
args:
  A: {dtype: int32, shape: [8], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [1], data: [50]}
expect:
  buffers: {B: [14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((1,), "int32")):
    for k in range(4):
        with T.block("r"):
            vk = T.axis.reduce((2, 6), k + 2)
            T.reads(A[vk])
            T.writes(B[0])
            with T.init():
                B[0] = 0
            B[0] = B[0] + A[vk]
