"""
description: A comparison is Bool, so adding an int32 load to it mixes datatypes
rules: [type.expr.cmp.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = T.Add(A[0] < A[1], A[2])
