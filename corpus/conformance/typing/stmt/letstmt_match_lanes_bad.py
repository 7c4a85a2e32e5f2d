"""
description: A LetStmt var declared int32x4 bound to a scalar int32 value
rules: [type.stmt.letstmt.match]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v: T.int32x4 = A[0]
    A[0:4] = v
