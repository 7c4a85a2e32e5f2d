"""
description: tir.isinf yields Bool 1 exactly for +inf and -inf - over [NaN, inf, -inf, 1.0, FLT_MAX] it is [0, 1, 1, 0, 0]; float16 inf too
rules: [builtin.isinf]
args:
  A: {dtype: float32, shape: [5], data: [nan, inf, -inf, 1.0, 3.4028234663852886e38]}
  H: {dtype: float16, shape: [2], data: [inf, 65504.0]}
  B: {dtype: bool, shape: [7]}
expect:
  buffers:
    B: [0, 1, 1, 0, 0, 1, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float32"), H: T.Buffer((2,), "float16"), B: T.Buffer((7,), "bool")):
    for i in range(5):
        B[i] = T.isinf(A[i])
    for i in range(2):
        B[i + 5] = T.isinf(H[i])
