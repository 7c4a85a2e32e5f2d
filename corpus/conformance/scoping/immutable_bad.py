"""
description: A LetStmt inside a loop rebinds that loop's own loop var (T.LetStmt with var=i)
rules: [scope.immutable, scope.ssa]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        with T.LetStmt(i + 1, var=i):
            A[i] = 0
