"""
description: A buffer of dtype float8_e5m2, whose code is none of Int, UInt, Float, BFloat and Handle
rules: [dtype.code]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float8_e5m2")):
    T.evaluate(0)
