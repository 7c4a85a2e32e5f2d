"""
description: A SeqStmt runs its statements in list order - A[0] = 1, then A[0] * 10, then + 2 gives 12 (any other order differs)
rules: [sem.stmt.seqstmt]
args:
  A: {dtype: int32, shape: [1]}
expect:
  buffers: {A: [12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = 1
    A[0] = A[0] * 10
    A[0] = A[0] + 2
