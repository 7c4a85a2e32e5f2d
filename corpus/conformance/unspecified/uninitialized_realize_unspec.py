"""
description: Reading a BufferRealize buffer element X[1] that was never written
rules: [unspec.uninitialized, sem.stmt.bufferrealize]
args:
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: uninitialized
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    X = T.Buffer((2,), "int32")
    with T.realize(X[0:2], "global"):
        X[0] = 1
        B[0] = X[1]
