"""
description: A Let's var referenced outside the Let's body (as the other operand of an Add)
rules: [scope.bind.let, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.int32()
    A[0] = T.Let(v + 1, where={v: A[1]}) + v
