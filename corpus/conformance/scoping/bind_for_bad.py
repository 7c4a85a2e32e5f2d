"""
description: An inner loop var referenced after the inner loop, in the outer loop's body
rules: [scope.bind.for, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4, 4), "int32")):
    for i in range(4):
        for j in range(4):
            A[i, j] = 0
        A[i, j] = 1
