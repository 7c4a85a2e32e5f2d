"""
description: Mod (T.truncmod) of int64 by zero raises divide-by-zero; the same program with a nonzero divisor runs
rules: [sem.expr.mod]
cases:
  - args:
      A: {dtype: int64, shape: [2], data: [9, 7]}
      D: {dtype: int64, shape: [2], data: [2, 3]}
      B: {dtype: int64, shape: [2]}
    expect:
      buffers: {B: [1, 1]}
  - args:
      A: {dtype: int64, shape: [2], data: [9, 7]}
      D: {dtype: int64, shape: [2], data: [2, 0]}
      B: {dtype: int64, shape: [2]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int64"), D: T.Buffer((2,), "int64"), B: T.Buffer((2,), "int64")):
    for i in range(2):
        B[i] = T.truncmod(A[i], D[i])
