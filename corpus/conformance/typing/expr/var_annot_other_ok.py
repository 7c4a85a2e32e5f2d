"""
description: Vars annotated with PrimType (LetStmt), PointerType (allocate) and TupleType([]) (T.void) are all accepted
rules: [type.expr.var.annot_other]
args:
  A: {dtype: int32, shape: [4], data: [5, 6, 7, 8]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [5, 6, 7, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    v = T.void()
    p = T.allocate([4], "int32", "global")
    P = T.Buffer((4,), "int32", data=p)
    for i in range(4):
        x: T.int32 = A[i]
        P[i] = T.Let(x, where={v: T.Cast("void", 0)})
    for i in range(4):
        B[i] = P[i]
