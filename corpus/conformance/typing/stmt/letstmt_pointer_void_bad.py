"""
description: A LetStmt var annotated with a PointerType bound to a Void value (Handle with 0 bits)
rules: [type.stmt.letstmt.pointer]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    q: T.handle("int32", "global") = T.Cast("void", 0)
    A[0] = 1
