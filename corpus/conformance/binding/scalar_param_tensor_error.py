"""
description: Passing a tensor for the scalar param n is a binding error
rules: [bind.scalar_param]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  n: {dtype: int32, shape: [1], data: [1]}
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        A[i] = A[i] + n
