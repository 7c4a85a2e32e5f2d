"""
description: The pointer annotation of an allocated float64 buffer has element type PrimType(float64)
rules: [type.expr.var.pointer_elem_prim]
args:
  A: {dtype: float64, shape: [4], data: [0.5, -1.0, 2.25, 8.0]}
  B: {dtype: float64, shape: [4]}
expect:
  buffers: {B: [1.0, -2.0, 4.5, 16.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float64"), B: T.Buffer((4,), "float64")):
    p = T.allocate([4], "float64", "global")
    P = T.Buffer((4,), "float64", data=p)
    for i in range(4):
        P[i] = A[i] + A[i]
    for i in range(4):
        B[i] = P[i]
