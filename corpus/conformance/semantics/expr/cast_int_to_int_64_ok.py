"""
description: >-
  64-bit casts: int64 -> int32 keeps the low 32 bits (4294967297 -> 1, 2147483648 -> -2147483648,
  -4294967296 -> 0); int64 -> uint64 reads the same bits unsigned (-4294967296 -> 2^64 - 2^32 =
  18446744069414584320, -1 -> 18446744073709551615); uint64 -> int64 (2^64 - 1 -> -1, 2^63 -> -2^63)
rules: [sem.expr.cast, sem.expr.cast.int_to_int]
args:
  A: {dtype: int64, shape: [4], data: [4294967297, 2147483648, -4294967296, -1]}
  U: {dtype: uint64, shape: [2], data: [18446744073709551615, 9223372036854775808]}
  B: {dtype: int32, shape: [4]}
  C: {dtype: uint64, shape: [4]}
  D: {dtype: int64, shape: [2]}
expect:
  buffers:
    B: [1, -2147483648, 0, -1]
    C: [4294967297, 2147483648, 18446744069414584320, 18446744073709551615]
    D: [-1, -9223372036854775808]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), U: T.Buffer((2,), "uint64"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "uint64"), D: T.Buffer((2,), "int64")):
    for i in range(4):
        B[i] = T.Cast("int32", A[i])
        C[i] = T.Cast("uint64", A[i])
    for i in range(2):
        D[i] = T.Cast("int64", U[i])
