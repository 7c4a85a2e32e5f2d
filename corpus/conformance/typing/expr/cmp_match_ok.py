"""
description: Comparisons of two uint16 operands and of two float64 operands
rules: [type.expr.cmp.match]
args:
  U: {dtype: uint16, shape: [4], data: [0, 65535, 7, 8]}
  V: {dtype: uint16, shape: [4], data: [1, 1, 7, 2]}
  F: {dtype: float64, shape: [4], data: [0.5, -0.0, 1.0, -2.0]}
  D: {dtype: bool, shape: [4]}
  E: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [true, false, true, false], E: [false, true, false, true]}
"""
from tvm.script import tir as T


@T.prim_func
def main(U: T.Buffer((4,), "uint16"), V: T.Buffer((4,), "uint16"), F: T.Buffer((4,), "float64"), D: T.Buffer((4,), "bool"), E: T.Buffer((4,), "bool")):
    for i in range(4):
        D[i] = U[i] <= V[i]
        E[i] = F[i] <= T.float64(0.0)
