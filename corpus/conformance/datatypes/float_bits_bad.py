"""
description: A buffer of dtype float8 (Float has 16, 32 or 64 bits)
rules: [dtype.float.bits]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float8")):
    T.evaluate(0)
