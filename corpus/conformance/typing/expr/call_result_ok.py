"""
description: A call to the float32 builtin sqrt has datatype float32
rules: [type.expr.call.result]
args:
  F: {dtype: float32, shape: [4], data: [4.0, 9.0, 0.25, 0.0]}
  B: {dtype: float32, shape: [4]}
expect:
  buffers: {B: [2.0, 3.0, 0.5, 0.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.sqrt(F[i])
