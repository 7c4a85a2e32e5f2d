"""
description: Allocations of bool (buffer_var annotated PointerType(bool) or PointerType(int8)) and float16 elements
rules: [type.stmt.allocate.annot]
args:
  A: {dtype: int32, shape: [4], data: [3, -1, 0, 8]}
  D: {dtype: bool, shape: [4]}
  H: {dtype: float16, shape: [4]}
expect:
  buffers: {D: [true, false, false, true], H: [3.0, -1.0, 0.0, 8.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool"), H: T.Buffer((4,), "float16")):
    p = T.allocate([4], "bool", "global")
    P = T.Buffer((4,), "bool", data=p)
    q = T.allocate([4], "float16", "global")
    Q = T.Buffer((4,), "float16", data=q)
    for i in range(4):
        P[i] = A[i] > 0
        Q[i] = T.Cast("float16", A[i])
    for i in range(4):
        D[i] = P[i]
        H[i] = Q[i]
