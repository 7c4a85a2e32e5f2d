"""
description: >-
  float16 math results are the exact result rounded to float16 - sqrt(2) = 1.4140625 (1448 * 2^-10;
  the next value 1.4150390625 is farther), sqrt(3) = 1.732421875 (1773.6 * 2^-10 rounds to 1774); bfloat16 sqrt(2) = 1.4140625
  (181 * 2^-7); exp(1) in float16 is 2.71875 within 4 float16 ULP
rules: [builtin.math.lanes, builtin.sqrt, builtin.exp, builtin.math.typing]
args:
  H: {dtype: float16, shape: [3], data: [2.0, 3.0, 1.0]}
  B: {dtype: bfloat16, shape: [1], data: [2.0]}
  G: {dtype: float16, shape: [3]}
  C: {dtype: bfloat16, shape: [1]}
expect:
  buffers:
    G: [1.4140625, 1.732421875, 2.71875]
    C: [1.4140625]
  tolerance: {ulp: 4}
"""
from tvm.script import tir as T


@T.prim_func
def main(H: T.Buffer((3,), "float16"), B: T.Buffer((1,), "bfloat16"), G: T.Buffer((3,), "float16"), C: T.Buffer((1,), "bfloat16")):
    G[0] = T.sqrt(H[0])
    G[1] = T.sqrt(H[1])
    G[2] = T.exp(H[2])
    C[0] = T.sqrt(B[0])
