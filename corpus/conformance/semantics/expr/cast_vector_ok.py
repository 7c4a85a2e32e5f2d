"""
description: A Cast of an int32x4 to float32x4 converts each lane independently (16777217 rounds to 16777216)
rules: [sem.expr.cast, sem.expr.cast.to_float, sem.expr.bufferload.vector]
args:
  A: {dtype: int32, shape: [4], data: [1, -2, 16777217, -7]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [1.0, -2.0, 16777216.0, -7.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0:4])
