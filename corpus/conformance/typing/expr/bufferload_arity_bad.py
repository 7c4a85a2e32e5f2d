"""
description: A load from a 2-d buffer with a single index
rules: [type.expr.bufferload.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[1]
