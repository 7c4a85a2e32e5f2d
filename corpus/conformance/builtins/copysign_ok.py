"""
description: tir.copysign(x, y) is |x| with y's sign bit, exactly - (3, -0.0) -> -3, (-2, 1) -> 2, (inf, -1) -> -inf, (-0.0, 5) -> +0.0, (1.5, -inf) -> -1.5
rules: [builtin.copysign]
args:
  X: {dtype: float32, shape: [5], data: [3.0, -2.0, inf, -0.0, 1.5]}
  Y: {dtype: float32, shape: [5], data: [-0.0, 1.0, -1.0, 5.0, -inf]}
  B: {dtype: float32, shape: [5]}
  S: {dtype: float32, shape: [1]}
expect:
  buffers:
    B: [-3.0, 2.0, -inf, 0.0, -1.5]
    S: [1.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(X: T.Buffer((5,), "float32"), Y: T.Buffer((5,), "float32"), B: T.Buffer((5,), "float32"), S: T.Buffer((1,), "float32")):
    for i in range(5):
        B[i] = T.copysign(X[i], Y[i])
    S[0] = T.copysign(T.float32(1.0), B[3])
