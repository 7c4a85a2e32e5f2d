"""
description: A sequence of statements runs in order; later statements see earlier writes
rules: [type.stmt.seqstmt.valid]
args:
  A: {dtype: int32, shape: [4], data: [1, 1, 1, 1]}
expect:
  buffers: {A: [1, 2, 4, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    A[1] = A[0] * 2
    A[2] = A[1] * 2
    A[3] = A[2] * 2
