"""
description: A realized buffer is read after the BufferRealize's body ends
rules: [scope.bind.bufferrealize, scope.buffer.out_of_scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    X = T.Buffer((4,), "int32")
    with T.realize(X[0:4], "global"):
        for i in range(4):
            X[i] = A[i]
    B[0] = X[0]
