"""
description: TupleType([]) appears as the implicit ret_type of a function without return and as the annotation of a Void var
rules: [type.expr.var.tuple_empty]
args:
  A: {dtype: int8, shape: [4], data: [1, -1, 2, -2]}
expect:
  buffers: {A: [2, -2, 4, -4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8")):
    v = T.void()
    for i in range(4):
        A[i] = T.Let(A[i] * T.int8(2), where={v: T.Cast("void", 0)})
