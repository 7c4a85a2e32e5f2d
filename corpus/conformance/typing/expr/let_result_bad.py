"""
description: A Let whose body is int64 is int64, so adding an int32 load to it mixes datatypes
rules: [type.expr.let.result, type.expr.binary.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.int32()
    A[0] = T.Add(T.Let(T.Cast("int64", v), where={v: A[0]}), A[1])
