"""
description: A buffer of dtype int32x128 (a datatype has at most 64 lanes)
rules: [dtype.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32x128")):
    T.evaluate(0)
