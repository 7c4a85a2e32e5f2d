"""
description: Evaluate evaluates its expression fully even though the value is discarded, so T.evaluate(A[0] // A[1]) with A[1] = 0 raises divide-by-zero
rules: [sem.stmt.evaluate, sem.expr.floordiv]
cases:
  - args:
      A: {dtype: int32, shape: [3], data: [6, 3, 0]}
    expect:
      buffers: {A: [6, 3, 1]}
  - args:
      A: {dtype: int32, shape: [3], data: [6, 0, 0]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    T.evaluate(A[0] // A[1])
    A[2] = 1
