"""
description: A buffer of dtype bfloat32 (BFloat has exactly 16 bits)
rules: [dtype.bfloat.bits]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "bfloat32")):
    T.evaluate(0)
