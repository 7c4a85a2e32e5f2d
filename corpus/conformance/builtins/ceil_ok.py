"""
description: tir.ceil is exact - ceil(2.1) = 3, ceil(-2.5) = -2, ceil(-0.5) = -0.0 (copysign gives -1), ceil(3.0) = 3, ceil(inf) = inf; float64 ceil(1e-300) = 1
rules: [builtin.ceil, builtin.copysign]
args:
  A: {dtype: float32, shape: [5], data: [2.1, -2.5, -0.5, 3.0, inf]}
  B: {dtype: float32, shape: [6]}
  D: {dtype: float64, shape: [1], data: [1e-300]}
  E: {dtype: float64, shape: [1]}
expect:
  buffers:
    B: [3.0, -2.0, -0.0, 3.0, inf, -1.0]
    E: [1.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((6,), "float32"), D: T.Buffer((1,), "float64"), E: T.Buffer((1,), "float64")):
    for i in range(5):
        B[i] = T.ceil(A[i])
    B[5] = T.copysign(T.float32(1.0), T.ceil(A[2]))
    E[0] = T.ceil(D[0])
