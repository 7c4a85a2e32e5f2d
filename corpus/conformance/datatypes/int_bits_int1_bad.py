"""
description: A cast to int1 (1-bit signed is not a datatype; Bool is uint1)
rules: [dtype.int.bits]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.Cast("int1", A[0]))
    A[1] = 1
