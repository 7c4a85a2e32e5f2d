"""
description: >-
  A FloatImm is rounded once, to nearest-even, into its dtype. float16 2049.0 is a tie between 2048
  (even) and 2050, so 2049 - 2048 gives 0; 2051.0 ties to 2052, giving 4; float16 0.1 is
  1638 * 2^-14 = 0.0999755859375. float32 16777217.0 (2^24 + 1) ties to 2^24, giving 0; float32 0.1 is
  0.100000001490116119384765625. bfloat16 257.0 ties to 256 and 259.0 to 260 (spacing 2 in [256, 512)).
  The subtrahends are loaded from buffers, so nothing can be folded before the immediates are rounded.
rules: [sem.expr.floatimm, sem.expr.sub]
args:
  H: {dtype: float16, shape: [4], data: [0.0, 0.0, 0.0, 2048.0]}
  F: {dtype: float32, shape: [3], data: [0.0, 0.0, 16777216.0]}
  B: {dtype: bfloat16, shape: [2]}
expect:
  buffers:
    H: [0.0, 4.0, 0.0999755859375, 2048.0]
    F: [0.0, 0.100000001490116119384765625, 16777216.0]
    B: [256.0, 260.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(H: T.Buffer((4,), "float16"), F: T.Buffer((3,), "float32"), B: T.Buffer((2,), "bfloat16")):
    H[0] = T.float16(2049.0) - H[3]
    H[1] = T.float16(2051.0) - H[3]
    H[2] = T.float16(0.1)
    F[0] = T.float32(16777217.0) - F[2]
    F[1] = T.float32(0.1)
    B[0] = T.bfloat16(257.0)
    B[1] = T.bfloat16(259.0)
