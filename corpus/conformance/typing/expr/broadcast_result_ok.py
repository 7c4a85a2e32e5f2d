"""
description: Broadcast of a float16 scalar to 4 lanes is float16x4 and adds to a float16x4 load
rules: [type.expr.broadcast.result]
args:
  A: {dtype: float16, shape: [4], data: [0.0, 1.0, -1.5, 2.0]}
  B: {dtype: float16, shape: [4]}
expect:
  buffers: {B: [1.5, 2.5, 0.0, 3.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float16"), B: T.Buffer((4,), "float16")):
    B[0:4] = A[0:4] + T.Broadcast(T.float16(1.5), 4)
