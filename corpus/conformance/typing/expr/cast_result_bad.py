"""
description: T.Cast("int16", ...) has datatype int16, so adding an int32 load to it mixes datatypes
rules: [type.expr.cast.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int16")):
    B[0] = T.Add(T.Cast("int16", A[0]), A[1])
