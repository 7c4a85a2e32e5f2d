"""
description: A Select of int8 arms has datatype int8 and is stored into an int8 buffer
rules: [type.expr.select.result]
args:
  A: {dtype: int8, shape: [4], data: [-128, 127, 0, -1]}
  B: {dtype: int8, shape: [4]}
expect:
  buffers: {B: [-128, 0, 0, -1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8"), B: T.Buffer((4,), "int8")):
    for i in range(4):
        B[i] = T.Select(A[i] < T.int8(0), A[i], T.int8(0))
