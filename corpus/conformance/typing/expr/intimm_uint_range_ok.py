"""
description: UInt literals at the edges of their ranges (uint8 0 and 255, uint16 65535, uint64 2^32, bool True) are accepted
rules: [type.expr.intimm.uint_range]
args:
  B: {dtype: uint8, shape: [2]}
  C: {dtype: uint16, shape: [1]}
  D: {dtype: uint64, shape: [1]}
  E: {dtype: bool, shape: [1]}
expect:
  buffers: {B: [255, 0], C: [65535], D: [4294967296], E: [true]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2,), "uint8"), C: T.Buffer((1,), "uint16"), D: T.Buffer((1,), "uint64"), E: T.Buffer((1,), "bool")):
    B[0] = T.uint8(255)
    B[1] = T.uint8(0)
    C[0] = T.uint16(65535)
    D[0] = T.uint64(4294967296)
    E[0] = T.bool(True)
