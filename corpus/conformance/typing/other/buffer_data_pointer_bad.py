"""
description: A Buffer whose data is an int32 param (not a pointer-annotated Var)
rules: [type.other.buffer.data_pointer]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32"), n: T.int32):
    X = T.Buffer((4,), "int32", data=n)
    B[0] = X[0]
