"""
description: Or of two scalar comparisons is a scalar Bool stored into a bool buffer
rules: [type.expr.logical.result]
args:
  A: {dtype: int32, shape: [4], data: [3, -7, 0, -2]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [true, true, false, false]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    for i in range(4):
        D[i] = A[i] > 0 or A[i] < -5
