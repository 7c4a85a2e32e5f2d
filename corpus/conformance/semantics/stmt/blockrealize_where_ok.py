"""
description: A block predicate (T.where) that is true at every instance - the split loop io * 4 + ii < 8 over a (2, 4) grid - has no effect; all 8 elements are written
rules: [sem.stmt.blockrealize, sem.stmt.block]
args:
  A: {dtype: float32, shape: [8], data: [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]}
  B: {dtype: float32, shape: [8]}
expect:
  buffers: {B: [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for io, ii in T.grid(2, 4):
        with T.block("B"):
            vi = T.axis.spatial(8, io * 4 + ii)
            T.where(io * 4 + ii < 8)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.float32(1.0)
