"""
description: AttrStmts with ordinary keys (integer and string values) just run their bodies
rules: [type.stmt.attrstmt.valid]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [3, 4, 5, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.attr(0, "pragma_unroll_explicit", 1)
    T.attr(0, "pragma_note", "any string")
    for i in range(4):
        A[i] = A[i] + 2
