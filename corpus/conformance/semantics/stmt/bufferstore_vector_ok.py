"""
description: >-
  A vector index stores one lane per element - B[0:8:2] = Broadcast(7, 4) writes the even elements,
  then B[1:8:2] = B[0:8:2] + Broadcast(1, 4) the odd ones; B[T.Ramp(11, -1, 4)] = Ramp(0, 1, 4)
  writes 0 to element 11 down to 3 to element 8
rules: [sem.stmt.bufferstore.vector, sem.expr.bufferload.vector, sem.expr.broadcast]
args:
  B: {dtype: int32, shape: [12]}
expect:
  buffers: {B: [7, 8, 7, 8, 7, 8, 7, 8, 3, 2, 1, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((12,), "int32")):
    B[0:8:2] = T.Broadcast(7, 4)
    B[1:8:2] = B[0:8:2] + T.Broadcast(1, 4)
    B[T.Ramp(11, -1, 4)] = T.Ramp(0, 1, 4)
