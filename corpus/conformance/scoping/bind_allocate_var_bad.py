"""
description: An allocate's buffer_var referenced after the if branch that allocates it
rules: [scope.bind.allocate, scope.lexical]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    if A[0] > 0:
        p = T.allocate([4], "int32", "global")
        T.evaluate(T.Cast("handle", p))
    T.evaluate(T.Cast("handle", p))
