"""
description: >-
  Widening casts extend by the source's signedness (C++ static_cast): int8 -1 -> uint32 4294967295,
  int8 -128 -> uint32 2^32 - 128 = 4294967168, int8 -1 -> int64 -1; uint8 255 -> int32 255
  (zero-extended), and uint8 255 -> int8 -1
rules: [sem.expr.cast, sem.expr.cast.int_to_int]
args:
  A: {dtype: int8, shape: [4], data: [-1, -128, 127, 0]}
  U: {dtype: uint8, shape: [4], data: [255, 128, 1, 0]}
  B: {dtype: uint32, shape: [4]}
  C: {dtype: int64, shape: [4]}
  D: {dtype: int32, shape: [4]}
  E: {dtype: int8, shape: [4]}
expect:
  buffers:
    B: [4294967295, 4294967168, 127, 0]
    C: [-1, -128, 127, 0]
    D: [255, 128, 1, 0]
    E: [-1, -128, 1, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), U: T.Buffer((4,), "uint8"), B: T.Buffer((4,), "uint32"), C: T.Buffer((4,), "int64"), D: T.Buffer((4,), "int32"), E: T.Buffer((4,), "int8")):
    for i in range(4):
        B[i] = T.Cast("uint32", A[i])
        C[i] = T.Cast("int64", A[i])
        D[i] = T.Cast("int32", U[i])
        E[i] = T.Cast("int8", U[i])
