"""
description: An int64 0 may be cast to handle (the null pointer)
rules: [type.expr.cast.to_handle]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [2, 3, 4, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(T.Cast("handle", T.int64(0)))
    for i in range(4):
        A[i] = A[i] + 1
