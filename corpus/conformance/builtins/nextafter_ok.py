"""
description: >-
  tir.nextafter(x, y) is the next float after x toward y, exactly - float32 nextafter(1, 2) = 1 + 2^-23
  = 1.00000011920928955078125, nextafter(1, 0) = 1 - 2^-24 = 0.999999940395355224609375, nextafter(0,
  1) = 2^-149 (smallest subnormal), nextafter(1, 1) = 1; float64 nextafter(1, 2) = 1 + 2^-52
rules: [builtin.nextafter]
args:
  X: {dtype: float32, shape: [4], data: [1.0, 1.0, 0.0, 1.0]}
  Y: {dtype: float32, shape: [4], data: [2.0, 0.0, 1.0, 1.0]}
  B: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [1]}
expect:
  buffers:
    B: [1.00000011920928955078125, 0.999999940395355224609375, 1.401298464324817e-45, 1.0]
    D: [1.0000000000000002220446049250313]
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((4,), "float32"), Y: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32"), D: T.Buffer((1,), "float64")):
    for i in range(4):
        B[i] = T.nextafter(X[i], Y[i])
    D[0] = T.nextafter(T.float64(1.0), T.float64(2.0))
