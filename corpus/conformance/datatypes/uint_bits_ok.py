"""
description: UInt datatypes of 1 (bool), 8, 16, 32 and 64 bits
rules: [dtype.uint.bits]
args:
  Z: {dtype: bool, shape: [1], data: [false]}
  A: {dtype: uint8, shape: [1], data: [255]}
  B: {dtype: uint16, shape: [1], data: [65535]}
  C: {dtype: uint32, shape: [1], data: [4294967295]}
  D: {dtype: uint64, shape: [1], data: [5]}
expect:
  buffers: {Z: [true], A: [0], B: [0], C: [0], D: [6]}
"""
from tvm.script import tir as T


@T.prim_func
def main(Z: T.Buffer((1,), "bool"), A: T.Buffer((1,), "uint8"), B: T.Buffer((1,), "uint16"), C: T.Buffer((1,), "uint32"), D: T.Buffer((1,), "uint64")):
    Z[0] = not Z[0]
    A[0] = A[0] + T.uint8(1)
    B[0] = B[0] + T.uint16(1)
    C[0] = C[0] + T.uint32(1)
    D[0] = D[0] + T.uint64(1)
