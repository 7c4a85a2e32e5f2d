"""
description: LetStmt evaluates its value once - x = A[0] * 2 is bound before the body overwrites A[0], so later reads of x still see 10
rules: [sem.stmt.letstmt, sem.stmt.seqstmt]
args:
  A: {dtype: int32, shape: [3], data: [5, 0, 0]}
expect:
  buffers: {A: [-1, 10, 11]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    x: T.int32 = A[0] * 2
    A[0] = -1
    A[1] = x
    A[2] = x + 1
