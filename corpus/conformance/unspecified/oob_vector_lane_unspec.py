"""
description: A vector load A[2:6] of a 4-element buffer has lanes 4 and 5 outside the shape
rules: [unspec.oob, sem.expr.bufferload.vector]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    B[0:4] = A[2:6]
