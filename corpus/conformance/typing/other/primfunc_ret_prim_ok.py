"""
description: tir.ret of a float32 expression in a PrimFunc declared -> T.float32
rules: [type.other.primfunc.ret.prim]
args:
  A: {dtype: float32, shape: [4], data: [1.5, 2.0, 0.0, 0.0]}
expect:
  return: 3.0
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")) -> T.float32:
    return A[0] * A[1]
