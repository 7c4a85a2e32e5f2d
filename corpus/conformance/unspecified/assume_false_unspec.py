"""
description: tir.assume(A[0] > 0) with A[0] = -1 states a false assumption; the program has no guaranteed behavior
rules: [unspec.assume_false, builtin.assume]
args:
  A: {dtype: int32, shape: [2], data: [-1, 0]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32")):
    T.evaluate(T.assume(A[0] > 0))
    if A[0] > 0:
        A[1] = 1
    else:
        A[1] = 2
