"""
description: A Ramp whose base and stride are both scalar int64
rules: [type.expr.ramp.operands]
args:
  B: {dtype: int64, shape: [4]}
expect:
  buffers: {B: [10, 8, 6, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int64")):
    B[0:4] = T.Ramp(T.int64(10), T.int64(-2), 4)
