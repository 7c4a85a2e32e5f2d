"""
description: tir.likely returns its Bool argument unchanged - as an if condition and stored to a bool buffer
rules: [builtin.likely]
args:
  A: {dtype: int32, shape: [4], data: [3, -1, 0, 8]}
  B: {dtype: int32, shape: [4]}
  C: {dtype: bool, shape: [4]}
expect:
  buffers:
    B: [1, 0, 0, 1]
    C: [1, 0, 0, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "bool")):
    for i in range(4):
        if T.likely(A[i] > 0):
            B[i] = 1
        C[i] = T.likely(A[i] > 0)
