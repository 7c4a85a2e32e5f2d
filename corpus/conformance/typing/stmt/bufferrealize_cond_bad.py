"""
description: A BufferRealize whose condition is an int32 load (not a Bool scalar)
rules: [type.stmt.bufferrealize.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    X = T.Buffer((4,), "int32")
    with T.realize(X[0:4], "global", condition=A[0]):
        X[0] = 1
        B[0] = X[0]
