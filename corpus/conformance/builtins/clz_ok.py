"""
description: >-
  T.clz counts the leading zero bits in the operand's own width and answers in int32: int32 1 has
  31, int32 -1 none, int32 2 has 30, int64 1 has 63
rules: [builtin.clz]
args:
  B: {dtype: int32, shape: [4], data: [-7, -7, -7, -7]}
  x: 1
expect:
  buffers: {B: [31, 0, 30, 63]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32"), x: T.int32):
    B[0] = T.clz(x)
    B[1] = T.clz(x - 2)
    B[2] = T.clz(x + 1)
    B[3] = T.clz(T.Cast("int64", x))
