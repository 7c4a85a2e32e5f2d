"""
description: A LetStmt var annotated T.handle("int32", "global") bound to an int32 value (not a Handle)
rules: [type.stmt.letstmt.pointer]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    q: T.handle("int32", "global") = A[0]
    Q = T.Buffer((4,), "int32", data=q)
    Q[0] = 1
