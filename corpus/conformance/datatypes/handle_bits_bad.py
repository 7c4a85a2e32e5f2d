"""
description: A cast to handle16 (a Handle has 0, 32 or 64 bits)
rules: [dtype.handle.bits]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.Cast("handle16", T.int64(0)))
    A[0] = 1
