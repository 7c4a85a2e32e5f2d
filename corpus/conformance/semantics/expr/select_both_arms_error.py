"""
description: >-
  Select evaluates both arms, so A[i] // D[i] in the unused arm still raises divide-by-zero when
  D[i] is 0 (compare builtins/if_then_else_ok.py); with no zero divisor the result is A // D
rules: [sem.expr.select, sem.expr.floordiv]
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [6, 7]}
      D: {dtype: int32, shape: [2], data: [3, 1]}
      B: {dtype: int32, shape: [2]}
    expect:
      buffers: {B: [2, 7]}
  - args:
      A: {dtype: int32, shape: [2], data: [6, 7]}
      D: {dtype: int32, shape: [2], data: [3, 0]}
      B: {dtype: int32, shape: [2]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    for i in range(2):
        B[i] = T.Select(D[i] != 0, A[i] // D[i], 0)
