"""
description: >-
  Ramp(base, stride, lanes) has lane i = base + i * stride: Ramp(5, -2, 4) is [5, 3, 1, -1];
  Ramp(A[0], A[1], 4) with A = [100, 7] is [100, 107, 114, 121]; an int8 Ramp(120, 5, 4) wraps:
  130 -> -126, 135 -> -121
rules: [sem.expr.ramp, sem.expr.int_wrap]
args:
  A: {dtype: int32, shape: [2], data: [100, 7]}
  B: {dtype: int32, shape: [8]}
  C: {dtype: int8, shape: [4]}
expect:
  buffers:
    B: [5, 3, 1, -1, 100, 107, 114, 121]
    C: [120, 125, -126, -121]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((8,), "int32"), C: T.Buffer((4,), "int8")):
    B[0:4] = T.Ramp(5, -2, 4)
    B[4:8] = T.Ramp(A[0], A[1], 4)
    C[0:4] = T.Ramp(T.int8(120), T.int8(5), 4)
