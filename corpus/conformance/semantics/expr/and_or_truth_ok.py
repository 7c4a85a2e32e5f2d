"""
description: Truth tables of scalar And and Or over Bool operands P = [0, 0, 1, 1], Q = [0, 1, 0, 1] - And is [0, 0, 0, 1], Or is [0, 1, 1, 1]
rules: [sem.expr.and, sem.expr.or]
args:
  P: {dtype: bool, shape: [4], data: [0, 0, 1, 1]}
  Q: {dtype: bool, shape: [4], data: [0, 1, 0, 1]}
  R: {dtype: bool, shape: [4]}
  S: {dtype: bool, shape: [4]}
expect:
  buffers:
    R: [0, 0, 0, 1]
    S: [0, 1, 1, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(P: T.Buffer((4,), "bool"), Q: T.Buffer((4,), "bool"), R: T.Buffer((4,), "bool"), S: T.Buffer((4,), "bool")):
    for i in range(4):
        R[i] = T.And(P[i], Q[i])
        S[i] = T.Or(P[i], Q[i])
