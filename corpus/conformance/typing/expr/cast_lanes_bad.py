"""
description: Casting a scalar int32 to float32x4 changes the lane count
rules: [type.expr.cast.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0])
