"""
description: A scalar param declared T.int64 has datatype int64 and adds to int64 buffer elements
rules: [type.expr.var.dtype]
args:
  A: {dtype: int64, shape: [4], data: [1, 2, 3, 4]}
  n: 10
expect:
  buffers: {A: [11, 12, 13, 14]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), n: T.int64):
    for i in range(4):
        A[i] = A[i] + n
