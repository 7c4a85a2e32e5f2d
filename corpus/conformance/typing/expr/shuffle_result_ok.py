"""
description: A Shuffle of a uint16x4 and a uint16x4 vector has datatype uint16x8
rules: [type.expr.shuffle.result]
args:
  A: {dtype: uint16, shape: [8], data: [1, 2, 3, 4, 5, 6, 7, 8]}
  B: {dtype: uint16, shape: [8]}
expect:
  buffers: {B: [5, 6, 7, 8, 1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "uint16"), B: T.Buffer((8,), "uint16")):
    B[0:8] = T.Shuffle([A[4:8], A[0:4]], [0, 1, 2, 3, 4, 5, 6, 7])
