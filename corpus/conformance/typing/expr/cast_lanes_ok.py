"""
description: Casting int32x4 to float32x4 keeps the lane count
rules: [type.expr.cast.lanes]
args:
  A: {dtype: int32, shape: [4], data: [1, -2, 3, -4]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [1.0, -2.0, 3.0, -4.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    B[0:4] = T.Cast("float32x4", A[0:4])
