"""
description: The Var v is declared with T.int32() but no binding site binds it
rules: [scope.unbound]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.int32()
    A[0] = v
