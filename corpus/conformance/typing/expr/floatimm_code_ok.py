"""
description: A bfloat16 FloatImm (BFloat code) multiplies bfloat16 elements
rules: [type.expr.floatimm.code]
args:
  A: {dtype: bfloat16, shape: [4], data: [1.0, 1.5, -3.0, 0.25]}
  B: {dtype: bfloat16, shape: [4]}
expect:
  buffers: {B: [2.0, 3.0, -6.0, 0.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "bfloat16"), B: T.Buffer((4,), "bfloat16")):
    for i in range(4):
        B[i] = A[i] * T.bfloat16(2.0)
