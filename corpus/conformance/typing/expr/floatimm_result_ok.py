"""
description: A float64 FloatImm has datatype float64 and multiplies float64 elements
rules: [type.expr.floatimm.result]
args:
  A: {dtype: float64, shape: [4], data: [1.0, -2.0, 0.5, 3.0]}
  B: {dtype: float64, shape: [4]}
expect:
  buffers: {B: [0.5, -1.0, 0.25, 1.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float64"), B: T.Buffer((4,), "float64")):
    for i in range(4):
        B[i] = A[i] * T.float64(0.5)
