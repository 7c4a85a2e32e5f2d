"""
description: A param declared T.int64 is int64, so adding it to an int32 load mixes datatypes
rules: [type.expr.var.dtype, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int64):
    A[0] = T.Add(A[0], n)
