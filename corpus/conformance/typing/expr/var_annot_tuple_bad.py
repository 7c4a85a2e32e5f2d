"""
description: A Var declared T.void() is Void, so an int32 LetStmt var cannot be bound to it
rules: [type.expr.var.annot_tuple, type.stmt.letstmt.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    v = T.void()
    x: T.int32 = T.Let(v, where={v: T.Cast("void", 0)})
    B[0] = x
