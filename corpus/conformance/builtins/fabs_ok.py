"""
description: tir.fabs clears the sign bit exactly - |-3.5| = 3.5, |2| = 2, |-inf| = inf, |NaN| is NaN, |-0.0| = +0.0 (copysign(1, fabs(-0.0)) = 1); on float16 |-65504| = 65504
rules: [builtin.fabs, builtin.copysign]
args:
  A: {dtype: float32, shape: [5], data: [-3.5, 2.0, -inf, nan, -0.0]}
  B: {dtype: float32, shape: [6]}
  H: {dtype: float16, shape: [1], data: [-65504.0]}
  G: {dtype: float16, shape: [1]}
expect:
  buffers:
    B: [3.5, 2.0, inf, nan, 0.0, 1.0]
    G: [65504.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), B: T.Buffer((6,), "float32"), H: T.Buffer((1,), "float16"), G: T.Buffer((1,), "float16")):
    for i in range(5):
        B[i] = T.fabs(A[i])
    B[5] = T.copysign(T.float32(1.0), T.fabs(A[4]))
    G[0] = T.fabs(H[0])
