"""
description: Handle datatypes of 64 bits (an allocate's buffer_var, a cast to handle) and of 0 bits (Void)
rules: [dtype.handle.bits]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    T.evaluate(T.Cast("handle", p))
    T.evaluate(T.Cast("void", 0))
