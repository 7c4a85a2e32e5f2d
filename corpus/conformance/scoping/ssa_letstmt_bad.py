"""
description: One Var x is bound by two sibling LetStmts (T.LetStmt with var=x)
rules: [scope.ssa]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    x = T.int32()
    with T.LetStmt(A[0], var=x):
        B[0] = x
    with T.LetStmt(A[1], var=x):
        B[1] = x
