"""
description: LetStmts inside a loop bind a fresh value each iteration; y depends on x - with A = [1, 2, 3], x = A[i] + 1 and y = x * x give B = [4, 9, 16]
rules: [sem.stmt.letstmt, sem.expr.var]
args:
  A: {dtype: int32, shape: [3], data: [1, 2, 3]}
  B: {dtype: int32, shape: [3]}
expect:
  buffers: {B: [4, 9, 16]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int32")):
    for i in range(3):
        x: T.int32 = A[i] + 1
        y: T.int32 = x * x
        B[i] = y
