"""
description: tir.floor is exact - floor(2.7) = 2, floor(-2.5) = -3, floor(-0.5) = -1, floor(3.0) = 3, floor(-inf) = -inf, floor(NaN) = NaN, floor(-0.0) = -0.0 (copysign(1, floor(-0.0)) = -1)
rules: [builtin.floor, builtin.copysign]
args:
  A: {dtype: float32, shape: [7], data: [2.7, -2.5, -0.5, 3.0, -inf, nan, -0.0]}
  B: {dtype: float32, shape: [8]}
expect:
  buffers: {B: [2.0, -3.0, -1.0, 3.0, -inf, nan, -0.0, -1.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((7,), "float32"), B: T.Buffer((8,), "float32")):
    for i in range(7):
        B[i] = T.floor(A[i])
    B[7] = T.copysign(T.float32(1.0), T.floor(A[6]))
