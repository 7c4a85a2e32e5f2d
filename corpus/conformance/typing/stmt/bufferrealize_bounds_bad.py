"""
description: A BufferRealize whose bounds mix an int32 range and an int64 range
rules: [type.stmt.bufferrealize.bounds]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2, 2), "int32")):
    X = T.Buffer((2, 2), "int32")
    with T.realize(X[0:2, T.int64(0):T.int64(2)], "global"):
        X[0, 0] = 1
        B[0, 0] = X[0, 0]
