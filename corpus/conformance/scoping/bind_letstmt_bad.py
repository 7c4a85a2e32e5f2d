"""
description: A LetStmt var bound in a loop body referenced after the loop
rules: [scope.bind.letstmt, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        x: T.int32 = A[i] * 2
        B[i] = x
    B[0] = x
