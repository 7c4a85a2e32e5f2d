"""
description: The pointer Var p is declared with T.handle but never bound, and a buffer over it is stored to
rules: [scope.unbound, scope.buffer.out_of_scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    p = T.handle("int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    P[0] = A[0]
