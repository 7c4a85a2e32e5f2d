"""
description: A shape-() tensor holds one element; a 0-d buffer param reads and writes that element
rules: [sem.stmt.primfunc.layout, sem.expr.bufferload.nullary, sem.stmt.bufferstore.nullary]
args:
  A: {dtype: int32, shape: [], data: [41]}
expect:
  buffers: {A: [42]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((), "int32")):
    A[()] = A[()] + 1
