"""
description: An AttrStmt with an ordinary key (pragma_unroll_explicit, a custom key) just runs its body
rules: [sem.stmt.attrstmt]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    with T.attr(0, "pragma_unroll_explicit", 1):
        for i in range(2):
            A[i] = A[i] * 2
    with T.attr(0, "my_hint", 7):
        for i in range(2, 4):
            A[i] = A[i] * 2
