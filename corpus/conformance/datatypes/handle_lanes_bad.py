"""
description: Broadcasting a handle to 4 lanes would make the datatype handlex4 (handles have exactly one lane)
rules: [dtype.handle.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    p = T.allocate([4], "int32", "global")
    T.evaluate(T.Broadcast(p, 4))
    A[0] = 1
