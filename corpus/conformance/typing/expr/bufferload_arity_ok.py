"""
description: Loads with exactly one index per dimension, including a shape-() buffer loaded with no index
rules: [type.expr.bufferload.arity]
args:
  A: {dtype: int32, shape: [2, 2], data: [1, 2, 3, 4]}
  S: {dtype: int32, shape: [], data: [10]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [14, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2, 2), "int32"), S: T.Buffer((), "int32"), B: T.Buffer((2,), "int32")):
    B[0] = A[1, 1] + S[()]
    B[1] = A[0, 1] + S[()]
