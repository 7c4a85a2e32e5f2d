"""
description: A volatile_scope AttrStmt whose node is the Var x, bound by a LetStmt inside its body
rules: [type.stmt.attrstmt.volatile_node]
args:
  A: {dtype: int32, shape: [4], data: [5, 0, 0, 0]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [6, 0, 0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    x = T.int32()
    with T.attr(x, "volatile_scope", 1):
        with T.LetStmt(A[0] + 1, var=x):
            B[0] = x
