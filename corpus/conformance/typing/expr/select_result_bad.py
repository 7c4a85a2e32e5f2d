"""
description: A Select of int8 arms is int8, so adding an int32 load to it mixes datatypes
rules: [type.expr.select.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), C: T.Buffer((4,), "int32")):
    C[0] = T.Add(T.Select(A[0] > T.int8(0), A[0], A[1]), C[1])
