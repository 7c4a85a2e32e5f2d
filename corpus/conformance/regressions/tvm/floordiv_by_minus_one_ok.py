"""
description: "tvm's simplifier simplifies it to y, which differs over the integers (tirconf simplify-check --impl tvm --seed 1, expression 47)"
rules: [sem.expr.floordiv]
args:
  y: 1
  B: {dtype: int64, shape: [1]}
expect:
  buffers: {B: [-4294967295]}
"""
from tvm.script import tir as T


@T.prim_func
def main(y: T.int64, B: T.Buffer((1,), "int64")):
    B[0] = T.int64(4294967295) * y // T.int64(-1)
