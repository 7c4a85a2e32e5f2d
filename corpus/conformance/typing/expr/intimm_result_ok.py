"""
description: An int64 IntImm has datatype int64 and multiplies int64 elements
rules: [type.expr.intimm.result]
args:
  A: {dtype: int64, shape: [4], data: [1, -2, 3, 4000000000]}
  B: {dtype: int64, shape: [4]}
expect:
  buffers: {B: [5, -10, 15, 20000000000]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int64")):
    for i in range(4):
        B[i] = T.int64(5) * A[i]
