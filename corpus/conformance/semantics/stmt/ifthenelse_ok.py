"""
description: IfThenElse runs then_case when its condition is 1 and else_case otherwise; an if without else does nothing when false
rules: [sem.stmt.ifthenelse]
args:
  A: {dtype: int32, shape: [4], data: [3, -1, 0, 8]}
  B: {dtype: int32, shape: [4]}
  C: {dtype: int32, shape: [4], data: [5, 5, 5, 5]}
expect:
  buffers:
    B: [1, -1, -1, 1]
    C: [0, 5, 5, 0]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    for i in range(4):
        if A[i] > 0:
            B[i] = 1
        else:
            B[i] = -1
        if A[i] > 0:
            C[i] = 0
