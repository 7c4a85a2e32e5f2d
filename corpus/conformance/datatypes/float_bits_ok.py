"""
description: Float datatypes of 16, 32 and 64 bits; 1/3 rounds to the nearest value of each format
rules: [dtype.float.bits]
args:
  H: {dtype: float16, shape: [1], data: [1.0]}
  F: {dtype: float32, shape: [1], data: [1.0]}
  D: {dtype: float64, shape: [1], data: [1.0]}
expect:
  buffers: {H: [0.333251953125], F: [0.3333333432674408], D: [0.3333333333333333]}
"""
from tvm.script import tir as T


@T.prim_func
def main(H: T.Buffer((1,), "float16"), F: T.Buffer((1,), "float32"), D: T.Buffer((1,), "float64")):
    H[0] = H[0] / T.float16(3.0)
    F[0] = F[0] / T.float32(3.0)
    D[0] = D[0] / T.float64(3.0)
