"""
description: The name q is used but never declared or bound
rules: [scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[0] = q
