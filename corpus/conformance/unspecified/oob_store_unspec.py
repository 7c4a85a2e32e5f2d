"""
description: A store at a run-time index i = 4 of a 4-element buffer lies outside its shape
rules: [unspec.oob, sem.stmt.bufferstore]
args:
  A: {dtype: int32, shape: [4]}
  i: 4
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), i: T.int32):
    A[i] = 1
