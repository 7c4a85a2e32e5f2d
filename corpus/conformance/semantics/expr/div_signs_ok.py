"""
description: >-
  Div truncates toward zero: 7/2 = 3, -7/2 = -3, 7/-2 = -3, -7/-2 = 3, 5/7 = 0, -5/7 = 0, 0/3 = 0, 6/-3 = -2; uint32 (2^32 - 1)/2 = 2147483647, 200/7 = 28, 7/10 = 0, 0/5 = 0
rules: [sem.expr.div]
args:
  X: {dtype: int32, shape: [8], data: [7, -7, 7, -7, 5, -5, 0, 6]}
  Y: {dtype: int32, shape: [8], data: [2, 2, -2, -2, 7, 7, 3, -3]}
  Z: {dtype: int32, shape: [8]}
  U: {dtype: uint32, shape: [4], data: [4294967295, 200, 7, 0]}
  V: {dtype: uint32, shape: [4], data: [2, 7, 10, 5]}
  W: {dtype: uint32, shape: [4]}
expect:
  buffers:
    Z: [3, -3, -3, 3, 0, 0, 0, -2]
    W: [2147483647, 28, 0, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((8,), "int32"), Y: T.Buffer((8,), "int32"), Z: T.Buffer((8,), "int32"), U: T.Buffer((4,), "uint32"), V: T.Buffer((4,), "uint32"), W: T.Buffer((4,), "uint32")):
    for i in range(8):
        Z[i] = T.Div(X[i], Y[i])
    for i in range(4):
        W[i] = T.Div(U[i], V[i])
