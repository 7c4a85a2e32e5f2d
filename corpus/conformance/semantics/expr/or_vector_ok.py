"""
description: A vector Or of two boolx4 operands is the lane-wise disjunction (operands without side effects)
rules: [sem.expr.or.vector]
args:
  P: {dtype: bool, shape: [4], data: [0, 0, 1, 1]}
  Q: {dtype: bool, shape: [4], data: [0, 1, 0, 1]}
  A: {dtype: int32, shape: [4], data: [-1, 0, 2, 5]}
  R: {dtype: bool, shape: [4]}
  S: {dtype: bool, shape: [4]}
expect:
  buffers:
    R: [0, 1, 1, 1]
    S: [1, 0, 0, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(P: T.Buffer((4,), "bool"), Q: T.Buffer((4,), "bool"), A: T.Buffer((4,), "int32"), R: T.Buffer((4,), "bool"), S: T.Buffer((4,), "bool")):
    R[0:4] = T.Or(P[0:4], Q[0:4])
    S[0:4] = T.Or(A[0:4] < T.Broadcast(0, 4), A[0:4] > T.Broadcast(3, 4))
