"""
description: Broadcast of a scalar int32 load to 4 lanes
rules: [type.expr.broadcast.scalar]
args:
  A: {dtype: int32, shape: [4], data: [7, 1, 2, 3]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [7, 7, 7, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Broadcast(A[0], 4)
