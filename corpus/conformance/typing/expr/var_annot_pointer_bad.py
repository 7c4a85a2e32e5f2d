"""
description: A pointer-annotated Var is handle64, so binding it to an int64 LetStmt var mismatches
rules: [type.expr.var.annot_pointer, type.stmt.letstmt.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int64")):
    p = T.allocate([4], "int64", "global")
    x: T.int64 = p
    B[0] = x
