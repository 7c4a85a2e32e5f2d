"""
description: A For evaluates its extent once, before the first iteration - range(A[0]) with A[0] = 3 runs 3 times even though the body increments A[0], ending at 6
rules: [sem.stmt.for.range, sem.stmt.for.serial]
args:
  A: {dtype: int32, shape: [2], data: [3, 0]}
expect:
  buffers: {A: [6, 3]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    for i in range(A[0]):
        A[0] = A[0] + 1
        A[1] = A[1] + 1
