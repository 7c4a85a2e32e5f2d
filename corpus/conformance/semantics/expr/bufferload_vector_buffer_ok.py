"""
description: >-
  Loads from an int32x2 buffer (lanes listed flat) - a scalar index gives that element's 2 lanes,
  and a 2-lane index Ramp(3, -2, 2) concatenates elements 3 and 1 into 4 lanes [6, 7, 2, 3]
rules: [sem.expr.bufferload, sem.expr.bufferload.vector]
args:
  C: {dtype: int32x2, shape: [4], data: [0, 1, 2, 3, 4, 5, 6, 7]}
  B: {dtype: int32, shape: [8]}
expect:
  buffers: {B: [6, 7, 2, 3, 4, 5, 0, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((4,), "int32x2"), B: T.Buffer((8,), "int32")):
    B[0:4] = C[T.Ramp(3, -2, 2)]
    B[4:6] = C[2]
    B[6:8] = C[0]
