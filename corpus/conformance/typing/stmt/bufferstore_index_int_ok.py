"""
description: Stores indexed by a uint8 literal and an int64 loop var
rules: [type.stmt.bufferstore.index_int]
args:
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [0, 1, 2, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    for i in range(T.int64(4)):
        B[i] = T.Cast("int32", i)
    B[T.uint8(3)] = 9
