"""
description: A Var declared T.void() (annotation TupleType([])) is Void and may be bound by a Let to a Void value
rules: [type.expr.var.annot_tuple]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    v = T.void()
    for i in range(4):
        B[i] = T.Let(A[i] + 1, where={v: T.Cast("void", 0)})
