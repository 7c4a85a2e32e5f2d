"""
description: tir.ldexp(x, e) = x * 2^e rounded once - ldexp(1.5, 3) = 12, ldexp(1, -1) = 0.5, ldexp(-3, 4) = -48, ldexp(3, 200) overflows float32 to inf
rules: [builtin.ldexp]
args:
  X: {dtype: float32, shape: [4], data: [1.5, 1.0, -3.0, 3.0]}
  E: {dtype: int32, shape: [4], data: [3, -1, 4, 200]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [12.0, 0.5, -48.0, inf]}
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((4,), "float32"), E: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.ldexp(X[i], E[i])
