"""
description: A volatile_scope AttrStmt just runs its body; the LetStmt inside binds x = A[0] + 1 = 6
rules: [sem.stmt.attr.volatile_scope, sem.stmt.letstmt]
args:
  A: {dtype: int32, shape: [4], data: [5, 0, 0, 0]}
expect:
  buffers: {A: [5, 6, 0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    x = T.int32()
    with T.attr(x, "volatile_scope", 1):
        with T.LetStmt(A[0] + 1, var=x):
            A[1] = x
