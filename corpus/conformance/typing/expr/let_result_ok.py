"""
description: A Let with an int32 var and a float32 body has datatype float32
rules: [type.expr.let.result]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, -3, 8]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [0.5, 1.0, -1.5, 4.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        v = T.int32()
        B[i] = T.Let(T.Cast("float32", v) * T.float32(0.5), where={v: A[i]})
