"""
description: A Void value (a cast of 0 to void) bound to a Void var by a Let whose body ignores it
rules: [dtype.void]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [10, 20, 30, 40]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    v = T.void()
    for i in range(4):
        A[i] = T.Let(A[i] * 10, where={v: T.Cast("void", 0)})
