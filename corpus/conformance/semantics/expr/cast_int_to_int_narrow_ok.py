"""
description: >-
  Narrowing int32 casts keep the value modulo 2^bits read in the target's signedness: to uint8
  300 -> 44, -1 -> 255, 256 -> 0, -129 -> 127; to int8 200 -> -56, 128 -> -128, 255 -> -1
rules: [sem.expr.cast, sem.expr.cast.int_to_int]
args:
  A: {dtype: int32, shape: [8], data: [300, -1, 256, 255, 200, 128, -129, -128]}
  U: {dtype: uint8, shape: [8]}
  S: {dtype: int8, shape: [8]}
expect:
  buffers:
    U: [44, 255, 0, 255, 200, 128, 127, 128]
    S: [44, -1, 0, -1, -56, -128, 127, -128]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "int32"), U: T.Buffer((8,), "uint8"), S: T.Buffer((8,), "int8")):
    for i in range(8):
        U[i] = T.Cast("uint8", A[i])
        S[i] = T.Cast("int8", A[i])
