"""
description: "tvm's simplifier simplifies it to T.int64(0) - T.min(x // T.int64(-2) * T.int64(4), T.int64(-1)), which overflows int64 where the input does not (tirconf simplify-check --impl tvm --seed 1, expression 3)"
rules: [sem.expr.max]
args:
  z: 15
  x: -4611686018427387904
  B: {dtype: int64, shape: [1]}
expect:
  buffers: {B: [1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(z: T.int64, x: T.int64, B: T.Buffer((1,), "int64")):
    B[0] = T.max(z + x // T.int64(-2) * T.int64(-4) - z, T.int64(1))
