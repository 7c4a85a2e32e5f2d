"""
description: >-
  Lane i of a Shuffle is lane indices[i] of its vectors concatenated: with A = [10..17],
  Shuffle([A[0:4], A[4:8]], [7, 0, 5, 2, 6, 1, 4, 3]) is [17, 10, 15, 12, 16, 11, 14, 13];
  Shuffle([A[0:4]], [3, 2, 1, 0]) reverses to [13, 12, 11, 10]; Shuffle of three 2-lane vectors with
  [5, 1, 3, 0, 2, 4] is [15, 11, 13, 10, 12, 14]
rules: [sem.expr.shuffle]
args:
  A: {dtype: int32, shape: [8], data: [10, 11, 12, 13, 14, 15, 16, 17]}
  B: {dtype: int32, shape: [18]}
expect:
  buffers: {B: [17, 10, 15, 12, 16, 11, 14, 13, 13, 12, 11, 10, 15, 11, 13, 10, 12, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), B: T.Buffer((18,), "int32")):
    B[0:8] = T.Shuffle([A[0:4], A[4:8]], [7, 0, 5, 2, 6, 1, 4, 3])
    B[8:12] = T.Shuffle([A[0:4]], [3, 2, 1, 0])
    B[12:18] = T.Shuffle([A[0:2], A[2:4], A[4:6]], [5, 1, 3, 0, 2, 4])
