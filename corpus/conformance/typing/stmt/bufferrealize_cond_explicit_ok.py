"""
description: A BufferRealize whose explicit condition is a Bool scalar comparison
rules: [type.stmt.bufferrealize.cond]
args:
  A: {dtype: int32, shape: [4], data: [5, 6, 7, 8]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [6, 7, 8, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    X = T.Buffer((4,), "int32")
    with T.realize(X[0:4], "global", condition=A[0] > 0):
        for i in range(4):
            X[i] = A[i] + 1
        for i in range(4):
            B[i] = X[i]
