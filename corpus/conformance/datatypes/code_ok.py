"""
description: Datatypes with each valid code - Int, UInt, Float, BFloat and Handle
rules: [dtype.code]
args:
  A: {dtype: int32, shape: [1], data: [-3]}
  U: {dtype: uint16, shape: [1], data: [7]}
  F: {dtype: float64, shape: [1], data: [0.5]}
  G: {dtype: bfloat16, shape: [1], data: [2.0]}
expect:
  buffers: {A: [-2], U: [8], F: [1.5], G: [3.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32"), U: T.Buffer((1,), "uint16"), F: T.Buffer((1,), "float64"), G: T.Buffer((1,), "bfloat16")):
    p = T.allocate([1], "int32", "global")
    A[0] = A[0] + 1
    U[0] = U[0] + T.uint16(1)
    F[0] = F[0] + T.float64(1.0)
    G[0] = G[0] + T.bfloat16(1.0)
