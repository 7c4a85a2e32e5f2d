"""
description: A 2-d load whose first (not last) index is a vector Ramp
rules: [type.expr.bufferload.index_scalar]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((4,), "int32")):
    B[0] = A[0:2, 1]
