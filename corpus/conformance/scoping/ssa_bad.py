"""
description: One Var v is bound by two Let expressions
rules: [scope.ssa]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    v = T.int32()
    B[0] = T.Let(v, where={v: A[0]}) + T.Let(v, where={v: A[1]})
