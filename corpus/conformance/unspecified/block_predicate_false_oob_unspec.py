"""
description: A block guarded by T.where(vi < 10) over 12 instances of a 10-element buffer - TVM-style skipping stays in bounds, running it anyway would not; the outcome is unspecified
rules: [unspec.block_predicate_false, sem.stmt.blockrealize]
args:
  A: {dtype: float32, shape: [10]}
  B: {dtype: float32, shape: [10]}
expect:
  unspecified: ambiguous
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((10,), "float32"), B: T.Buffer((10,), "float32")):
    for io, ii in T.grid(3, 4):
        with T.block("B"):
            vi = T.axis.spatial(10, io * 4 + ii)
            T.where(io * 4 + ii < 10)
            T.reads(A[vi])
            T.writes(B[vi])
            B[vi] = A[vi] + T.float32(1.0)
