"""
description: The datatype float8_e4m3fn has a code outside Int, UInt, Float, BFloat and Handle
rules: [dtype.code]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    B[0] = T.Cast("float32", T.Cast("float8_e4m3fn", A[0]))
