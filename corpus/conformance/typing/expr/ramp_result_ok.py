"""
description: A Ramp of int16 has datatype int16x4; a strided slice index is a 4-lane Ramp
rules: [type.expr.ramp.result]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int16, shape: [4]}
  C: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [1, 3, 5, 7], C: [1, 0, 2, 0, 3, 0, 4, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int16"), C: T.Buffer((8,), "int32")):
    B[0:4] = T.Ramp(T.int16(1), T.int16(2), 4)
    C[0:8:2] = A[0:4]
