"""
description: Casting an int32x4 vector to the scalar float32 changes the lane count
rules: [type.expr.cast.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0] = T.Cast("float32", A[0:4])
