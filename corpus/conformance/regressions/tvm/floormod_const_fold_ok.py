"""
description: "tvm's simplifier simplifies it to y % T.int64(-8070450532247928841) // T.int64(9), which differs over the integers (tirconf simplify-check --impl tvm --seed 1, expression 175)"
rules: [sem.expr.floormod]
args:
  y: -9223372036854775807
  B: {dtype: int64, shape: [1]}
expect:
  buffers: {B: [128102389400760774]}
"""
from tvm.script import tir as T


@T.prim_func
def main(y: T.int64, B: T.Buffer((1,), "int64")):
    B[0] = y // T.int64(9) % T.int64(1152921504606846975)
