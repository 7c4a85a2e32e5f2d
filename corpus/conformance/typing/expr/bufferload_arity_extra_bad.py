"""
description: A load from a 1-d buffer with two indices
rules: [type.expr.bufferload.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[0, 0]
