"""
description: A Let's var referenced in its own value (the value is outside the Let's scope)
rules: [scope.bind.let, scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.int32()
    A[0] = T.Let(v * 2, where={v: v + 1})
