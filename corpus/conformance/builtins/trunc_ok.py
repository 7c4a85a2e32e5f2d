"""
description: tir.trunc rounds toward zero to an integral value, exactly - trunc(2.7) = 2, trunc(-2.7) = -2, trunc(0.5) = 0, trunc(-inf) = -inf; float64 trunc(-1e15 - 0.5) = -1e15
rules: [builtin.trunc]
args:
  A: {dtype: float32, shape: [4], data: [2.7, -2.7, 0.5, -inf]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [1], data: [-1000000000000000.5]}
  E: {dtype: float64, shape: [1]}
expect:
  buffers:
    B: [2.0, -2.0, 0.0, -inf]
    E: [-1000000000000000.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((1,), "float64"), E: T.Buffer((1,), "float64")):
    for i in range(4):
        B[i] = T.trunc(A[i])
    E[0] = T.trunc(D[0])
