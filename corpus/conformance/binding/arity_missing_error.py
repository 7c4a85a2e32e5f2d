"""
description: A call that leaves out a param (the scalar n) is a binding error
rules: [bind.arity]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        A[i] = A[i] + n
