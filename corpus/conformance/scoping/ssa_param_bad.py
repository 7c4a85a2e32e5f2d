"""
description: A LetStmt rebinds the Var of the param n
rules: [scope.ssa]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    with T.LetStmt(A[0], var=n):
        A[1] = n
