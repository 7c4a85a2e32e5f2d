"""
description: One Var v is bound by a Let nested in the body of another Let of the same v
rules: [scope.ssa]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.int32()
    A[0] = T.Let(T.Let(v + 1, where={v: 2}), where={v: 1})
