"""
description: "tvm's simplifier fails on it: InternalError: Check failed: value < 1LL << (dtype.bits() - 1) (2147483648 vs. 2147483648) : ValueError: Literal value 2147483648 exceeds maximum of int32 (tirconf simplify-check --impl tvm --seed 1, expression 106)"
rules: [sem.expr.add]
args:
  z: 0
  x: 0
  B: {dtype: int32, shape: [1]}
expect:
  buffers: {B: [0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(z: T.int32, x: T.int32, B: T.Buffer((1,), "int32")):
    B[0] = z + x * -2147483648
