"""
description: Arithmetic on int64 values next to a handle that is only used as a buffer's data
rules: [type.expr.binary.no_handle]
args:
  A: {dtype: int64, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int64, shape: [4]}
expect:
  buffers: {B: [3, 6, 9, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int64")):
    p = T.allocate([4], "int64", "global")
    P = T.Buffer((4,), "int64", data=p)
    for i in range(4):
        P[i] = A[i] * T.int64(3)
    for i in range(4):
        B[i] = P[i]
