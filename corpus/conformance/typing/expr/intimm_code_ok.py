"""
description: A uint32 IntImm (UInt code) added to uint32 elements
rules: [type.expr.intimm.code]
args:
  A: {dtype: uint32, shape: [4], data: [0, 1, 2, 3]}
expect:
  buffers: {A: [7, 8, 9, 10]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint32")):
    for i in range(4):
        A[i] = A[i] + T.uint32(7)
