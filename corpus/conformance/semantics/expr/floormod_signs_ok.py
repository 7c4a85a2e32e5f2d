"""
description: >-
  FloorMod is x - floor(x / y) * y, so a nonzero result has the sign of y: 7%2 = 1, -7%2 = 1, 7%-2 = -1, -7%-2 = -1, 5%7 = 5, -5%7 = -5 + 7 = 2, 0%3 = 0, 6%-3 = 0; for uint32 it equals Mod
rules: [sem.expr.floormod]
args:
  X: {dtype: int32, shape: [8], data: [7, -7, 7, -7, 5, -5, 0, 6]}
  Y: {dtype: int32, shape: [8], data: [2, 2, -2, -2, 7, 7, 3, -3]}
  Z: {dtype: int32, shape: [8]}
  U: {dtype: uint32, shape: [4], data: [4294967295, 200, 7, 0]}
  V: {dtype: uint32, shape: [4], data: [2, 7, 10, 5]}
  W: {dtype: uint32, shape: [4]}
expect:
  buffers:
    Z: [1, 1, -1, -1, 5, 2, 0, 0]
    W: [1, 4, 7, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((8,), "int32"), Y: T.Buffer((8,), "int32"), Z: T.Buffer((8,), "int32"), U: T.Buffer((4,), "uint32"), V: T.Buffer((4,), "uint32"), W: T.Buffer((4,), "uint32")):
    for i in range(8):
        Z[i] = X[i] % Y[i]
    for i in range(4):
        W[i] = U[i] % V[i]
