"""
description: A Select with a bool x4 condition on int32x4 arms (lane-wise minimum), and one with a scalar condition on vector arms
rules: [type.expr.select.cond_lanes]
args:
  A: {dtype: int32, shape: [4], data: [1, 5, -3, 7]}
  C: {dtype: int32, shape: [4], data: [2, 4, -4, 7]}
  B: {dtype: int32, shape: [4]}
  D: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, 4, -4, 7], D: [2, 4, -4, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32")):
    B[0:4] = T.Select(A[0:4] < C[0:4], A[0:4], C[0:4])
    D[0:4] = T.Select(A[0] > C[0], A[0:4], C[0:4])
