"""
description: Mul of two uint16 operands is uint16 and wraps modulo 2^16
rules: [type.expr.binary.result]
args:
  A: {dtype: uint16, shape: [4], data: [2, 300, 256, 65535]}
  B: {dtype: uint16, shape: [4], data: [3, 300, 256, 2]}
  C: {dtype: uint16, shape: [4]}
expect:
  buffers: {C: [6, 24464, 0, 65534]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint16"), B: T.Buffer((4,), "uint16"), C: T.Buffer((4,), "uint16")):
    for i in range(4):
        C[i] = A[i] * B[i]
