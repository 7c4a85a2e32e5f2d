"""
description: A decl_buffer allocated inside a loop body is read after the loop
rules: [scope.buffer.out_of_scope]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        D = T.decl_buffer((1,), "int32")
        D[0] = A[i]
        B[i] = D[0]
    B[0] = D[0]
