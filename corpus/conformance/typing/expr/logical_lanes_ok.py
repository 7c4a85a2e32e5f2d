"""
description: And (T.And) of two bool x4 comparisons with the same lanes (Python `and` on vectors reads as bitwise_and in TVMScript, so the node is written explicitly)
rules: [type.expr.logical.lanes]
args:
  A: {dtype: int32, shape: [4], data: [1, -1, 2, 0]}
  C: {dtype: int32, shape: [4], data: [1, 1, -2, 3]}
  D: {dtype: bool, shape: [4]}
expect:
  buffers: {D: [true, false, false, false]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32"), D: T.Buffer((4,), "bool")):
    D[0:4] = T.And(A[0:4] > T.Broadcast(0, 4), C[0:4] > T.Broadcast(0, 4))
