"""
description: tir.ret returns a value of the declared datatype - an int64 2^40 + A[0]
rules: [builtin.ret]
args:
  A: {dtype: int64, shape: [1], data: [5]}
expect:
  return: 1099511627781
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int64")) -> T.int64:
    return A[0] + T.int64(1099511627776)
