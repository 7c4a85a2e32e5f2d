"""
description: A BufferRealize allocates X for its body; X is written before it is read, reversing A into B
rules: [sem.stmt.bufferrealize]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [4, 3, 2, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2, 2), "int32")):
    X = T.Buffer((2, 2), "int32")
    with T.realize(X[0:2, 0:2], "global"):
        for i, j in T.grid(2, 2):
            X[i, j] = A[1 - i, 1 - j]
        for i, j in T.grid(2, 2):
            B[i, j] = X[i, j]
