"""
description: A BufferLoad with no indices reads the single element of a shape-() buffer (7 * 3 = 21)
rules: [sem.expr.bufferload.nullary, sem.stmt.bufferstore.nullary]
args:
  A: {dtype: int32, shape: [], data: [7]}
  B: {dtype: int32, shape: []}
expect:
  buffers: {B: [21]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((), "int32"), B: T.Buffer((), "int32")):
    B[()] = A[()] * 3
