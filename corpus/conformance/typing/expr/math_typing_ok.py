"""
description: Float math builtins on float32 and float64 arguments of one datatype
rules: [builtin.math.typing]
args:
  F: {dtype: float32, shape: [4], data: [-1.5, 2.0, -0.0, 0.25]}
  G: {dtype: float32, shape: [4]}
  D: {dtype: float64, shape: [4]}
expect:
  buffers: {G: [1.5, 2.0, 0.0, 0.25], D: [1.0, 1.0, 1.0, 1.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), G: T.Buffer((4,), "float32"), D: T.Buffer((4,), "float64")):
    for i in range(4):
        G[i] = T.fabs(F[i])
        D[i] = T.exp(T.float64(0.0))
