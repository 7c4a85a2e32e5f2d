"""
description: A LetStmt var bound inside an if branch referenced after the if
rules: [scope.lexical, scope.bind.letstmt]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if A[0] > 0:
        x: T.int32 = A[1] + 1
        A[2] = x
    A[3] = x
