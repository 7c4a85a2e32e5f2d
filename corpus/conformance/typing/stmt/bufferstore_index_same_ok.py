"""
description: 2-d stores whose indices share one datatype (int32, int32) and (int64, int64)
rules: [type.stmt.bufferstore.index_same]
args:
  B: {dtype: int32, shape: [2, 2]}
expect:
  buffers: {B: [0, 7, 8, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2, 2), "int32")):
    B[0, 1] = 7
    B[T.int64(1), T.int64(0)] = 8
