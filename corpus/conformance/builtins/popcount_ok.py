"""
description: tir.popcount counts the 1 bits of the two's-complement pattern, in x's datatype - int32 0 -> 0, 7 -> 3, -1 -> 32, -2147483648 -> 1; int8 -1 -> 8, -128 -> 1; uint8 255 -> 8; int64 -1 -> 64
rules: [builtin.popcount]
args:
  A: {dtype: int32, shape: [4], data: [0, 7, -1, -2147483648]}
  B: {dtype: int32, shape: [4]}
  S: {dtype: int8, shape: [2], data: [-1, -128]}
  SO: {dtype: int8, shape: [2]}
  U: {dtype: uint8, shape: [1], data: [255]}
  UO: {dtype: uint8, shape: [1]}
  L: {dtype: int64, shape: [1], data: [-1]}
  LO: {dtype: int64, shape: [1]}
expect:
  buffers:
    B: [0, 3, 32, 1]
    SO: [8, 1]
    UO: [8]
    LO: [64]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), S: T.Buffer((2,), "int8"), SO: T.Buffer((2,), "int8"), U: T.Buffer((1,), "uint8"), UO: T.Buffer((1,), "uint8"), L: T.Buffer((1,), "int64"), LO: T.Buffer((1,), "int64")):
    for i in range(4):
        B[i] = T.popcount(A[i])
    for i in range(2):
        SO[i] = T.popcount(S[i])
    UO[0] = T.popcount(U[0])
    LO[0] = T.popcount(L[0])
