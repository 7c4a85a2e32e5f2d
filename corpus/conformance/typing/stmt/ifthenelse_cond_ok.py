"""
description: An if/else whose condition is a scalar comparison (Bool scalar)
rules: [type.stmt.ifthenelse.cond]
args:
  A: {dtype: int16, shape: [4], data: [-3, 0, 4, -1]}
  B: {dtype: int16, shape: [4]}
expect:
  buffers: {B: [3, 0, 4, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16"), B: T.Buffer((4,), "int16")):
    for i in range(4):
        if A[i] < T.int16(0):
            B[i] = T.int16(0) - A[i]
        else:
            B[i] = A[i]
