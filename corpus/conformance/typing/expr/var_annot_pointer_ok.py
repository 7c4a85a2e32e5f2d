"""
description: The buffer_var of T.allocate is annotated PointerType(int16) and has datatype handle; a Buffer over it is usable
rules: [type.expr.var.annot_pointer]
args:
  A: {dtype: int16, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int16, shape: [4]}
expect:
  buffers: {B: [2, 4, 6, 8]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int16"), B: T.Buffer((4,), "int16")):
    p = T.allocate([4], "int16", "global")
    P = T.Buffer((4,), "int16", data=p)
    for i in range(4):
        P[i] = A[i] * T.int16(3)
    for i in range(4):
        B[i] = P[i] - A[i]
