"""
description: Only the chosen branch of an IfThenElse runs - the division by D[0] = 0 in the untaken branch raises nothing; taking it (D[0] = 0, A[0] = 1) raises divide-by-zero
rules: [sem.stmt.ifthenelse]
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [0, 7]}
      D: {dtype: int32, shape: [1], data: [0]}
    expect:
      buffers: {A: [0, -1]}
  - args:
      A: {dtype: int32, shape: [2], data: [1, 7]}
      D: {dtype: int32, shape: [1], data: [0]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), D: T.Buffer((1,), "int32")):
    if A[0] > 0:
        A[1] = A[1] // D[0]
    else:
        A[1] = -1
