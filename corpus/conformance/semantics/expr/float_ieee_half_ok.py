"""
description: >-
  float16 and bfloat16 ops round to their own format: float16 2048 + 1 ties to 2048, 65504 + 15 =
  65519 rounds to 65504, 65504 + 16 = 65520 overflows to inf; bfloat16 256 + 1 ties to 256, 256 + 3 =
  259 ties to 260, 1 + 2^-8 ties to 1
rules: [sem.expr.float_ieee, sem.expr.add]
args:
  H: {dtype: float16, shape: [5], data: [2048.0, 1.0, 65504.0, 15.0, 16.0]}
  B: {dtype: bfloat16, shape: [4], data: [256.0, 1.0, 3.0, 0.00390625]}
  HO: {dtype: float16, shape: [3]}
  BO: {dtype: bfloat16, shape: [3]}
expect:
  buffers:
    HO: [2048.0, 65504.0, inf]
    BO: [256.0, 260.0, 1.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(H: T.Buffer((5,), "float16"), B: T.Buffer((4,), "bfloat16"), HO: T.Buffer((3,), "float16"), BO: T.Buffer((3,), "bfloat16")):
    HO[0] = H[0] + H[1]
    HO[1] = H[2] + H[3]
    HO[2] = H[2] + H[4]
    BO[0] = B[0] + B[1]
    BO[1] = B[0] + B[2]
    BO[2] = B[1] + B[3]
