"""
description: Two parallel iterations fail differently - iteration 0 divides by zero, iteration 1 fails an assert; which error is reported is unspecified
rules: [unspec.parallel_error, sem.stmt.for.parallel]
args:
  A: {dtype: int32, shape: [2], data: [5, -1]}
  D: {dtype: int32, shape: [2], data: [0, 1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int32")):
    for i in T.parallel(2):
        assert i == 0 or A[i] > 0, "A[1] must be positive"
        A[i] = A[i] // D[i]
