"""
description: A buffer of dtype uint4 (UInt has 1, 8, 16, 32 or 64 bits)
rules: [dtype.uint.bits]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint4")):
    T.evaluate(0)
