"""
description: A Let binding an int32 var to an int32 load
rules: [type.expr.let.match]
args:
  A: {dtype: int32, shape: [4], data: [1, -2, 3, 0]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [3, -6, 9, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    for i in range(4):
        v = T.int32()
        B[i] = T.Let(v * 3, where={v: A[i]})
