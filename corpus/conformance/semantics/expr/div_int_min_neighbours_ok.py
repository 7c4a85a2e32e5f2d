"""
description: >-
  Divisions next to the INT_MIN / -1 case are defined - INT32_MIN / 1 = INT32_MIN, (INT32_MIN + 1) / -1
  = INT32_MAX, INT32_MIN // 2 = -1073741824, INT32_MIN % -2 = 0, and INT32_MIN * -1 (Mul, not a
  division) wraps to INT32_MIN
rules: [sem.expr.div, sem.expr.floordiv, sem.expr.floormod, sem.expr.mul, sem.expr.int_wrap]
args:
  A: {dtype: int32, shape: [2], data: [-2147483648, -2147483647]}
  B: {dtype: int32, shape: [5]}
expect:
  buffers: {B: [-2147483648, 2147483647, -1073741824, 0, -2147483648]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), B: T.Buffer((5,), "int32")):
    B[0] = T.Div(A[0], 1)
    B[1] = T.Div(A[1], -1)
    B[2] = A[0] // 2
    B[3] = A[0] % -2
    B[4] = A[0] * -1
