"""
description: A Broadcast to 128 lanes (a datatype has at most 64 lanes)
rules: [dtype.lanes]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((128,), "int32")):
    A[0:128] = T.Broadcast(0, 128)
