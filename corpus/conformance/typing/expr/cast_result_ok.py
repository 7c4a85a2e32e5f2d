"""
description: A Cast has its target dtype; float32 to int32 truncates toward zero and int32 to int8 wraps modulo 2^8
rules: [type.expr.cast.result]
args:
  F: {dtype: float32, shape: [4], data: [1.5, -1.5, 2.75, -0.25]}
  A: {dtype: int32, shape: [4], data: [1, 200, -129, 256]}
  B: {dtype: int32, shape: [4]}
  C: {dtype: int8, shape: [4]}
expect:
  buffers: {B: [1, -1, 2, 0], C: [1, -56, 127, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int8")):
    for i in range(4):
        B[i] = T.Cast("int32", F[i])
        C[i] = T.Cast("int8", A[i])
