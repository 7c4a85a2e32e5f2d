"""
description: tir.ret of a LetStmt var annotated T.int32 in a PrimFunc declared -> T.int32
rules: [type.other.primfunc.ret.var]
args:
  A: {dtype: int32, shape: [4], data: [3, 4, 0, 0]}
expect:
  return: 7
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.int32:
    s: T.int32 = A[0] + A[1]
    return s
