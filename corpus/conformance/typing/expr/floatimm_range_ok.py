"""
description: Float literals at the largest finite magnitudes of float16 (65504) and an exactly representable large bfloat16/float32 value (2^127)
rules: [type.expr.floatimm.range]
args:
  B: {dtype: float16, shape: [2]}
  C: {dtype: bfloat16, shape: [1]}
  D: {dtype: float32, shape: [1]}
  E: {dtype: float64, shape: [1]}
expect:
  buffers: {B: [65504.0, -65504.0], C: [1.7014118346046923e+38], D: [1.7014118346046923e+38], E: [1.0e+300]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2,), "float16"), C: T.Buffer((1,), "bfloat16"), D: T.Buffer((1,), "float32"), E: T.Buffer((1,), "float64")):
    B[0] = T.float16(65504.0)
    B[1] = T.float16(-65504.0)
    C[0] = T.bfloat16(1.7014118346046923e+38)
    D[0] = T.float32(1.7014118346046923e+38)
    E[0] = T.float64(1.0e+300)
