"""
description: T.where(io * 4 + ii < 10) over a (3, 4) grid is false at instances 10 and 11; the spec says the block runs anyway, TVM skips it
rules: [unspec.block_predicate_false, sem.stmt.blockrealize]
args:
  A: {dtype: float32, shape: [12]}
  B: {dtype: float32, shape: [12]}
expect:
  unspecified: ambiguous
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((12,), "float32"), B: T.Buffer((12,), "float32")):
    for io, ii in T.grid(3, 4):
        with T.block("B"):
            vi = T.axis.spatial(12, io * 4 + ii)
            T.where(io * 4 + ii < 10)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.float32(1.0)
