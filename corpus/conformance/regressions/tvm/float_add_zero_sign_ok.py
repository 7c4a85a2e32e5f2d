"""
description: "x + 0.0 is +0.0 when x is -0.0 (IEEE 754 round to nearest: the sum of two zeros of opposite sign is +0); TVM folds x + 0.0 to x and keeps -0.0. Found by tirconf fuzz --profile tvm (seed 20261127, program 114, the same in float16, float32 and float64), reduced."
rules: [sem.expr.add, sem.expr.float_ieee]
func: main
args:
  B: {dtype: float32, shape: [4], data: [-0.0, 0.0, -2.5, 1.0]}
expect:
  buffers:
    B: [0.0, 0.0, -2.5, 1.0]
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "float32")):
    for i in range(4):
        B[i] = T.Add(B[i], T.float32(0.0))
