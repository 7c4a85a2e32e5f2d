"""
description: A buffer of dtype int4 (Int has 8, 16, 32 or 64 bits)
rules: [dtype.int.bits]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int4")):
    T.evaluate(0)
