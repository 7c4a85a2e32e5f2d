"""
description: A buffer over an allocation made inside a loop body is stored to after the loop
rules: [scope.bind.allocate, scope.buffer.out_of_scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    for i in range(1):
        p = T.allocate([4], "int32", "global")
        P = T.Buffer((4,), "int32", data=p)
        P[0] = A[0]
    P[1] = A[1]
