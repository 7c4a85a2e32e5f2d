"""
description: A BufferRealize with the default condition (Bool True) allocates X for its body
rules: [type.stmt.bufferrealize.cond]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    X = T.Buffer((4,), "int32")
    with T.realize(X[0:4], "global"):
        for i in range(4):
            X[i] = A[i] * 2
        for i in range(4):
            B[i] = X[i]
