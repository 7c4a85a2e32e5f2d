"""
description: A LetStmt's var is in scope for the rest of its enclosing block (its body)
rules: [scope.bind.letstmt]
args:
  A: {dtype: int16, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int16, shape: [4]}
expect:
  buffers: {B: [3, 6, 9, 12]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16"), B: T.Buffer((4,), "int16")):
    for i in range(4):
        x: T.int16 = A[i] * T.int16(3)
        B[i] = x
