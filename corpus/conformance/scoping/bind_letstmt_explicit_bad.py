"""
description: The var of an explicit T.LetStmt scope referenced after the with block ends
rules: [scope.bind.letstmt, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    x = T.int32()
    with T.LetStmt(A[0] + 1, var=x):
        A[1] = x
    A[2] = x
