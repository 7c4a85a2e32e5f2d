"""
description: FloorMod (%) of uint16 by zero raises divide-by-zero; the same program with a nonzero divisor runs
rules: [sem.expr.floormod]
cases:
  - args:
      A: {dtype: uint16, shape: [2], data: [9, 7]}
      D: {dtype: uint16, shape: [2], data: [2, 3]}
      B: {dtype: uint16, shape: [2]}
    expect:
      buffers: {B: [1, 1]}
  - args:
      A: {dtype: uint16, shape: [2], data: [9, 7]}
      D: {dtype: uint16, shape: [2], data: [2, 0]}
      B: {dtype: uint16, shape: [2]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "uint16"), D: T.Buffer((2,), "uint16"), B: T.Buffer((2,), "uint16")):
    for i in range(2):
        B[i] = A[i] % D[i]
