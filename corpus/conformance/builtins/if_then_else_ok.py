"""
description: >-
  tir.if_then_else evaluates only the chosen arm, so T.if_then_else(D[i] != 0, A[i] // D[i], 0)
  never divides by zero (compare semantics/expr/select_both_arms_error.py); A = [6, 7], D = [3, 0] gives [2, 0]
rules: [builtin.if_then_else]
args:
  A: {dtype: int32, shape: [2], data: [6, 7]}
  D: {dtype: int32, shape: [2], data: [3, 0]}
  B: {dtype: int32, shape: [2]}
expect:
  buffers: {B: [2, 0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), D: T.Buffer((2,), "int32"), B: T.Buffer((2,), "int32")):
    for i in range(2):
        B[i] = T.if_then_else(D[i] != 0, A[i] // D[i], 0)
