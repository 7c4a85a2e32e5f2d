"""
description: A StringImm is handle64, so it cannot be bound to an int32 LetStmt var
rules: [type.expr.stringimm, type.stmt.letstmt.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    x: T.int32 = "abc"
    B[0] = x
