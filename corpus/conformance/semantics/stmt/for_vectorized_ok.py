"""
description: A vectorized For gives the result of its iterations run in order; the body may hold a branch - B[i] = A[i] * 2 if A[i] is odd, else A[i] // 2
rules: [sem.stmt.for.vectorized]
args:
  A: {dtype: int32, shape: [4], data: [3, 4, 5, 10]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [6, 2, 10, 5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in T.vectorized(4):
        if A[i] % 2 == 1:
            B[i] = A[i] * 2
        else:
            B[i] = A[i] // 2
