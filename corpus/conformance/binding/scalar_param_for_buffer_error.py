"""
description: Passing a scalar for the buffer param A is a binding error
rules: [bind.scalar_param, bind.buffer_param]
args:
  A: 5
  n: 1
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), n: T.int32):
    for i in range(4):
        A[i] = A[i] + n
