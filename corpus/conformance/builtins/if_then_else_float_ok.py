"""
description: tir.if_then_else with float32 arms yields the chosen arm's value - 1 / x for x != 0 else -1; the unchosen arm is not evaluated
rules: [builtin.if_then_else]
args:
  A: {dtype: float32, shape: [3], data: [2.0, 0.0, -4.0]}
  B: {dtype: float32, shape: [3]}
expect:
  buffers: {B: [0.5, -1.0, -0.25]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "float32"), B: T.Buffer((3,), "float32")):
    for i in range(3):
        B[i] = T.if_then_else(A[i] != T.float32(0.0), T.float32(1.0) / A[i], T.float32(-1.0))
