"""
description: A loop var referenced after its loop has ended
rules: [scope.lexical, scope.bind.for]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(4):
        A[i] = i
    A[0] = i
