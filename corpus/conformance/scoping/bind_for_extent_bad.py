"""
description: A loop's extent references its own loop var (min and extent are outside the loop var's scope)
rules: [scope.bind.for, scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(i + 1):
        A[0] = 1
