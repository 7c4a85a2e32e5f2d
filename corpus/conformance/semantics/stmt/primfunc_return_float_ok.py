"""
description: A PrimFunc declared -> T.float32 returns a float32 value - the sum 0.5 + 0.25 + 2.0 = 2.75
rules: [sem.stmt.primfunc.return, builtin.ret]
args:
  A: {dtype: float32, shape: [3], data: [0.5, 0.25, 2.0]}
expect:
  return: 2.75
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "float32")) -> T.float32:
    return A[0] + A[1] + A[2]
