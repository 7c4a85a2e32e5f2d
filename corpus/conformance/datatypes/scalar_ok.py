"""
description: One-lane Int, UInt, Float and BFloat datatypes are scalars and may index, branch and loop
rules: [dtype.scalar]
args:
  A: {dtype: int64, shape: [4], data: [0, 1, 2, 3]}
  F: {dtype: float32, shape: [4]}
expect:
  buffers: {F: [0.0, 0.5, 1.0, 1.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int64"), F: T.Buffer((4,), "float32")):
    for i in range(4):
        if A[i] >= T.int64(0):
            F[A[i]] = T.Cast("float32", A[i]) * T.float32(0.5)
