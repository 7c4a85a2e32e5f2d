"""
description: A 2-d load may mix uint32 and int32 indices (same bit width; the load rule does not require the same code)
rules: [type.expr.bufferload.index_same]
args:
  A: {dtype: int32, shape: [2, 4], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [6, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 4), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[T.uint32(1), 2]
    B[1] = A[T.int64(0), T.int64(3)]
