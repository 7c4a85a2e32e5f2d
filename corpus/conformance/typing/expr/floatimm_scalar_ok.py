"""
description: A scalar float64 FloatImm added to float64 elements
rules: [type.expr.floatimm.scalar]
args:
  A: {dtype: float64, shape: [4], data: [0.0, 1.0, -0.5, 2.5]}
expect:
  buffers: {A: [0.125, 1.125, -0.375, 2.625]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float64")):
    for i in range(4):
        A[i] = A[i] + T.float64(0.125)
