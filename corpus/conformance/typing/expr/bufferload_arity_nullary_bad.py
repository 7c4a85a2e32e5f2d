"""
description: A load with no index from a 1-d buffer (only shape-() buffers take no index)
rules: [type.expr.bufferload.arity]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[()]
