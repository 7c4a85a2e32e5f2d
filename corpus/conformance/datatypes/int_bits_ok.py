"""
description: Int datatypes of 8, 16, 32 and 64 bits, each wrapping at its own width
rules: [dtype.int.bits]
args:
  A: {dtype: int8, shape: [1], data: [127]}
  B: {dtype: int16, shape: [1], data: [32767]}
  C: {dtype: int32, shape: [1], data: [2147483647]}
  D: {dtype: int64, shape: [1], data: [9223372036854775807]}
expect:
  buffers: {A: [-128], B: [-32768], C: [-2147483648], D: [-9223372036854775808]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int8"), B: T.Buffer((1,), "int16"), C: T.Buffer((1,), "int32"), D: T.Buffer((1,), "int64")):
    A[0] = A[0] + T.int8(1)
    B[0] = B[0] + T.int16(1)
    C[0] = C[0] + 1
    D[0] = D[0] + T.int64(1)
