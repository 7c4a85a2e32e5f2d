"""
description: >-
  The four divisions at int8 and int64: int8 -128 by 3 gives Div -42, Mod -128 + 126 = -2, FloorDiv
  -43, FloorMod -128 + 129 = 1; int64 -2^63 by 10 gives Div -922337203685477580, Mod -8, FloorDiv
  -922337203685477581, FloorMod 2; int64 (2^63 - 1) by -10 gives FloorDiv -922337203685477581 and
  FloorMod -3
rules: [sem.expr.div, sem.expr.mod, sem.expr.floordiv, sem.expr.floormod]
args:
  A: {dtype: int8, shape: [4], data: [-128, 3, 0, 0]}
  R: {dtype: int8, shape: [4]}
  L: {dtype: int64, shape: [4], data: [-9223372036854775808, 10, 9223372036854775807, -10]}
  M: {dtype: int64, shape: [6]}
expect:
  buffers:
    R: [-42, -2, -43, 1]
    M: [-922337203685477580, -8, -922337203685477581, 2, -922337203685477581, -3]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), R: T.Buffer((4,), "int8"), L: T.Buffer((4,), "int64"), M: T.Buffer((6,), "int64")):
    R[0] = T.Div(A[0], A[1])
    R[1] = T.truncmod(A[0], A[1])
    R[2] = A[0] // A[1]
    R[3] = A[0] % A[1]
    M[0] = T.Div(L[0], L[1])
    M[1] = T.truncmod(L[0], L[1])
    M[2] = L[0] // L[1]
    M[3] = L[0] % L[1]
    M[4] = L[2] // L[3]
    M[5] = L[2] % L[3]
