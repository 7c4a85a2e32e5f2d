"""
description: tir.assume has no run-time effect - a true assumption A[0] > 0 leaves the run unchanged
rules: [builtin.assume]
args:
  A: {dtype: int32, shape: [2], data: [5, 0]}
expect:
  buffers: {A: [5, 10]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    T.evaluate(T.assume(A[0] > 0))
    A[1] = A[0] * 2
