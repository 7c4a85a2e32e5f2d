"""
description: A BufferStore without indices writes the single element of a shape-() buffer; float32 and int8 0-d buffers
rules: [sem.stmt.bufferstore.nullary, sem.expr.bufferload.nullary]
args:
  A: {dtype: int8, shape: [], data: [-5]}
  F: {dtype: float32, shape: [], data: [0.25]}
expect:
  buffers:
    A: [-4]
    F: [1.25]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((), "int8"), F: T.Buffer((), "float32")):
    A[()] = A[()] + T.int8(1)
    F[()] = F[()] + T.float32(1.0)
