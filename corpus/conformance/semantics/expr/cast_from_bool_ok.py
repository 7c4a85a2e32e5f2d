"""
description: A Bool cast to int32, float32 and int8 gives 0 or 1 (a Bool is an unsigned 1-bit value, zero-extended)
rules: [sem.expr.cast, sem.expr.cast.int_to_int, sem.expr.cast.to_float]
args:
  P: {dtype: bool, shape: [2], data: [false, true]}
  A: {dtype: int32, shape: [2]}
  F: {dtype: float32, shape: [2]}
  S: {dtype: int8, shape: [2]}
expect:
  buffers:
    A: [0, 1]
    F: [0.0, 1.0]
    S: [0, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(P: T.Buffer((2,), "bool"), A: T.Buffer((2,), "int32"), F: T.Buffer((2,), "float32"), S: T.Buffer((2,), "int8")):
    for i in range(2):
        A[i] = T.Cast("int32", P[i])
        F[i] = T.Cast("float32", P[i])
        S[i] = T.Cast("int8", P[i])
