"""
description: Loads indexed by an int64 loop var and by a uint8 literal
rules: [type.expr.bufferload.index_int]
args:
  A: {dtype: int32, shape: [4], data: [10, 20, 30, 40]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [40, 20, 30, 40]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(T.int64(4)):
        B[i] = A[i]
    B[0] = A[T.uint8(3)]
