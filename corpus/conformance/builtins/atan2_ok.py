"""
description: >-
  tir.atan2(y, x) is the angle of (x, y) within 4 ULP, with C's quadrant and signed-zero rules -
  atan2(1, 1) = pi/4, atan2(-1, -1) = -3pi/4 = -2.356194490192345, atan2(1, -1) = 3pi/4, atan2(1, 0) =
  pi/2, atan2(0.0, -1) = pi, atan2(-0.0, -1) = -pi
rules: [builtin.atan2]
args:
  Y: {dtype: float32, shape: [6], data: [1.0, -1.0, 1.0, 1.0, 0.0, -0.0]}
  X: {dtype: float32, shape: [6], data: [1.0, -1.0, -1.0, 0.0, -1.0, -1.0]}
  B: {dtype: float32, shape: [6]}
expect:
  buffers: {B: [0.7853981633974483, -2.356194490192345, 2.356194490192345, 1.5707963267948966, 3.141592653589793, -3.141592653589793]}
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(Y: T.Buffer((6,), "float32"), X: T.Buffer((6,), "float32"), B: T.Buffer((6,), "float32")):
    for i in range(6):
        B[i] = T.atan2(Y[i], X[i])
