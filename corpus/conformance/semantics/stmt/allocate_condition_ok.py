"""
description: >-
  An Allocate whose condition n > 0 is 0 finishes at once - its extent 8 // n is not evaluated (no
  divide-by-zero) and its body does not run, so B keeps [1, 1, 1, 1] apart from the later store to
  B[3]; with n = 2 the extent is 4 and the body copies A
rules: [sem.stmt.allocate.condition, sem.stmt.allocate]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [5, 6, 7, 8]}
      B: {dtype: int32, shape: [4], data: [1, 1, 1, 1]}
      n: 0
    expect:
      buffers: {B: [1, 1, 1, 9]}
  - args:
      A: {dtype: int32, shape: [4], data: [5, 6, 7, 8]}
      B: {dtype: int32, shape: [4], data: [1, 1, 1, 1]}
      n: 2
    expect:
      buffers: {B: [5, 6, 7, 9]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), n: T.int32):
    for _ in range(1):
        p = T.allocate([8 // n], "int32", "global", n > 0)
        P = T.Buffer((4,), "int32", data=p)
        for i in range(4):
            P[i] = A[i]
        for i in range(3):
            B[i] = P[i]
    B[3] = 9
