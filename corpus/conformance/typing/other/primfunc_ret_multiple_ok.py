"""
description: Two tir.ret calls returning int32 values in a PrimFunc declared -> T.int32; the first one reached ends the call
rules: [type.other.primfunc.ret.multiple]
cases:
  - args:
      A: {dtype: int32, shape: [4], data: [6, 7, 0, 0]}
    expect:
      return: 13
  - args:
      A: {dtype: int32, shape: [4], data: [1, 2, 0, 0]}
    expect:
      return: 6
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    s: T.int32 = A[0] + A[1]
    if s > 10:
        return s
    return s * 2
