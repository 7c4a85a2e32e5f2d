"""
description: While re-evaluates its condition before every iteration - doubling K[0] from 1 while it is below 100 runs 7 times (1 -> 128)
rules: [sem.stmt.while]
args:
  K: {dtype: int32, shape: [2], data: [1, 0]}
expect:
  buffers: {K: [128, 7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(K: T.Buffer((2,), "int32")):
    while K[0] < 100:
        K[0] = K[0] * 2
        K[1] = K[1] + 1
