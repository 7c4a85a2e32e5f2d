"""
description: A vector Or whose b divides by zero in a lane where a is 1 - whether that lane is evaluated is unspecified
rules: [unspec.vector_logical_side_effects, sem.expr.or.vector]
args:
  A: {dtype: int32, shape: [4], data: [4, 5, 6, 7]}
  D: {dtype: int32, shape: [4], data: [2, 0, 3, 1]}
  R: {dtype: bool, shape: [4]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "int32"), R: T.Buffer((4,), "bool")):
    R[0:4] = T.Or(D[0:4] == T.Broadcast(0, 4), A[0:4] // D[0:4] > T.Broadcast(1, 4))
