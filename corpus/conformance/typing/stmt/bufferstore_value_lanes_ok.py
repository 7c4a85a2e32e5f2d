"""
description: Value lanes equal index lanes x buffer lanes - 4 into a 4-lane index, 4 into a scalar index of an int32x4 buffer, 8 into a 2-lane index of it
rules: [type.stmt.bufferstore.value_lanes]
args:
  A: {dtype: int32, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: int32, shape: [4]}
  C: {dtype: int32x4, shape: [3]}
expect:
  buffers: {B: [1, 2, 3, 4], C: [5, 5, 5, 5, 1, 2, 3, 4, 5, 6, 7, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((3,), "int32x4")):
    B[0:4] = A[0:4]
    C[0] = T.Broadcast(5, 4)
    C[1:3] = A[0:8]
