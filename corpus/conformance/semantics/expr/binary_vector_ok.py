"""
description: Binary ops on int32x4 apply lane by lane - A * B - B // A with A = [1, 2, 3, 4], B = [9, 8, 7, 6] gives [0, 12, 19, 23]
rules: [sem.expr.binary, sem.expr.mul, sem.expr.sub, sem.expr.floordiv]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4], data: [9, 8, 7, 6]}
  C: {dtype: int32, shape: [4]}
expect:
  buffers: {C: [0, 12, 19, 23]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    C[0:4] = A[0:4] * B[0:4] - B[0:4] // A[0:4]
