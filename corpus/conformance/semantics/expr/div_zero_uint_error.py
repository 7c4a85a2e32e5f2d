"""
description: Div (T.Div) of uint8 by zero raises divide-by-zero; the same program with a nonzero divisor runs
rules: [sem.expr.div]
cases:
  - args:
      A: {dtype: uint8, shape: [2], data: [9, 7]}
      D: {dtype: uint8, shape: [2], data: [2, 3]}
      B: {dtype: uint8, shape: [2]}
    expect:
      buffers: {B: [4, 2]}
  - args:
      A: {dtype: uint8, shape: [2], data: [9, 7]}
      D: {dtype: uint8, shape: [2], data: [2, 0]}
      B: {dtype: uint8, shape: [2]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "uint8"), D: T.Buffer((2,), "uint8"), B: T.Buffer((2,), "uint8")):
    for i in range(2):
        B[i] = T.Div(A[i], D[i])
