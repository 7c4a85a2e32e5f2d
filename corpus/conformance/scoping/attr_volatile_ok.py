"""
description: The Var named by a volatile_scope AttrStmt is bound by a LetStmt inside the AttrStmt's body
rules: [scope.attr_volatile]
args:
  A: {dtype: int32, shape: [4], data: [2, 3, 0, 0]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [6, 0, 0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    x = T.int32()
    T.attr(x, "volatile_scope", 1)
    with T.LetStmt(A[0] * A[1], var=x):
        B[0] = x
