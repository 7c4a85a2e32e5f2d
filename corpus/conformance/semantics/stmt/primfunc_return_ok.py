"""
description: >-
  tir.ret ends the PrimFunc from inside a loop and returns its value - main returns the index of
  the first negative element (2 for [1, 5, -2, -7]), or -1 after the loop when there is none
rules: [sem.stmt.primfunc.return, builtin.ret]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [1, 5, -2, -7]}
    expect:
      return: 2
  - args:
      A: {dtype: int32, shape: [4], data: [1, 5, 2, 7]}
    expect:
      return: -1
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    for i in range(4):
        if A[i] < 0:
            return i
    return -1
