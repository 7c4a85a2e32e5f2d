"""
description: Casting the nonzero integer 5 to a handle gives a pointer about which nothing is guaranteed
rules: [unspec.cast_to_handle, sem.expr.cast.handle]
args:
  A: {dtype: int64, shape: [1], data: [5]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int64")):
    T.evaluate(T.Cast("handle", A[0]))
