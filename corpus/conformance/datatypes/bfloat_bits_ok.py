"""
description: bfloat16 keeps 8 significant bits; 1 + 2^-8 rounds to 1 (ties to even) while 1 + 2^-7 is exact
rules: [dtype.bfloat.bits]
args:
  G: {dtype: bfloat16, shape: [2], data: [1.0, 1.0]}
expect:
  buffers: {G: [1.0, 1.0078125]}
"""
from tvm.script import tir as T


@T.prim_func
def main(G: T.Buffer((2,), "bfloat16")):
    G[0] = G[0] + T.bfloat16(0.00390625)
    G[1] = G[1] + T.bfloat16(0.0078125)
