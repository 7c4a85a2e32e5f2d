"""
description: A BufferRealize binds the realized buffer's data for its body
rules: [scope.bind.bufferrealize]
args:
  A: {dtype: int64, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int64, shape: [4]}
expect:
  buffers: {B: [2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int64")):
    X = T.Buffer((4,), "int64")
    with T.realize(X[0:4], "global"):
        for i in range(4):
            X[i] = A[i] + T.int64(1)
        for i in range(4):
            B[i] = X[i]
