"""
description: A LetStmt var declared int32 bound to an int64 value
rules: [type.stmt.letstmt.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int32")):
    x: T.int32 = A[0]
    B[0] = x
