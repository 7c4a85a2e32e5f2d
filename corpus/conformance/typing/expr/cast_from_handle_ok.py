"""
description: A Handle (an allocate's buffer_var) may be cast to handle
rules: [type.expr.cast.from_handle]
args:
  A: {dtype: int32, shape: [4], data: [9, 8, 7, 6]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [9, 8, 7, 6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    T.evaluate(T.Cast("handle", p))
    for i in range(4):
        B[i] = A[i]
