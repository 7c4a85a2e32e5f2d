"""
description: Unsigned comparisons are mathematical - uint32 4294967295 > 1 and 0 < 4294967295; uint8 255 >= 128; while int8 -1 < 1 is signed
rules: [sem.expr.cmp, sem.expr.gt, sem.expr.lt, sem.expr.ge]
args:
  U: {dtype: uint32, shape: [4], data: [4294967295, 1, 0, 4294967295]}
  V: {dtype: uint8, shape: [2], data: [255, 128]}
  S: {dtype: int8, shape: [2], data: [-1, 1]}
  R: {dtype: bool, shape: [4]}
expect:
  buffers:
    R: [1, 1, 1, 1]
"""
from tvm.script import tir as T


@T.prim_func
def main(U: T.Buffer((4,), "uint32"), V: T.Buffer((2,), "uint8"), S: T.Buffer((2,), "int8"), R: T.Buffer((4,), "bool")):
    R[0] = U[0] > U[1]
    R[1] = U[2] < U[3]
    R[2] = V[0] >= V[1]
    R[3] = S[0] < S[1]
