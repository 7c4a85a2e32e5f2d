"""
description: A BufferRealize whose bounds are float32
rules: [type.stmt.bufferrealize.bounds]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    X = T.Buffer((4,), "int32")
    with T.realize(X[T.float32(0.0):T.float32(4.0)], "global"):
        X[0] = 1
        B[0] = X[0]
