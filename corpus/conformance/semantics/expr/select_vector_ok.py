"""
description: With an int32x4 comparison as condition, Select picks lane by lane (here a lane-wise max of A and D)
rules: [sem.expr.select.vector, sem.expr.gt]
args:
  A: {dtype: int32, shape: [4], data: [1, 5, -2, 7]}
  D: {dtype: int32, shape: [4], data: [3, 2, -1, 7]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, 5, -1, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = T.Select(A[0:4] > D[0:4], A[0:4], D[0:4])
