"""
description: float16 and bfloat16 comparisons follow IEEE too - float16 NaN != NaN, 65504 < inf, bfloat16 -0.0 == 0.0 and 1.0 > -1.0
rules: [sem.expr.cmp.float, sem.expr.ne, sem.expr.lt, sem.expr.eq, sem.expr.gt]
args:
  H: {dtype: float16, shape: [3], data: [nan, 65504.0, inf]}
  B: {dtype: bfloat16, shape: [4], data: [-0.0, 0.0, 1.0, -1.0]}
  R: {dtype: bool, shape: [4]}
expect:
  buffers:
    R: [1, 1, 1, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(H: T.Buffer((3,), "float16"), B: T.Buffer((4,), "bfloat16"), R: T.Buffer((4,), "bool")):
    R[0] = H[0] != H[0]
    R[1] = H[1] < H[2]
    R[2] = B[0] == B[1]
    R[3] = B[2] > B[3]
