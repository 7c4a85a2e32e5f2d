"""
description: A While condition of int32 type counts any nonzero value as true - counting K[0] down by 2 from 6 runs 3 times; a false first test runs no iteration
rules: [sem.stmt.while]
cases:
  - args:
      K: {dtype: int32, shape: [2], data: [6, 0]}
    expect:
      buffers: {K: [0, 3]}
  - args:
      K: {dtype: int32, shape: [2], data: [0, 0]}
    expect:
      buffers: {K: [0, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(K: T.Buffer((2,), "int32")):
    while K[0]:
        K[0] = K[0] - 2
        K[1] = K[1] + 1
