"""
description: LetStmt vars whose declared dtype equals their value's (int16 and int32x4)
rules: [type.stmt.letstmt.match]
args:
  A: {dtype: int16, shape: [4], data: [1, 2, 3, 4]}
  C: {dtype: int32, shape: [4], data: [10, 20, 30, 40]}
  B: {dtype: int16, shape: [4]}
  D: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [2, 4, 6, 8], D: [20, 40, 60, 80]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16"), C: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int16"), D: T.Buffer((4,), "int32")):
    for i in range(4):
        x: T.int16 = A[i]
        B[i] = x + x
    v: T.int32x4 = C[0:4]
    D[0:4] = v + v
