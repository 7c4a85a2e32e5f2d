"""
description: "tvm's simplifier simplifies it to T.int64(1), which loses the input's division by zero (tirconf simplify-check --impl tvm --seed 1, expression 39)"
rules: [sem.expr.floordiv]
args:
  y: 0
  B: {dtype: int64, shape: [1]}
expect:
  error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(y: T.int64, B: T.Buffer((1,), "int64")):
    B[0] = y // y
