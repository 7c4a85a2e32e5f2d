"""
description: FloatImms inf, -inf and nan written as T.float32("inf") etc. evaluate to those IEEE values; -0.0 keeps its sign (copysign(1, -0.0) is -1)
rules: [sem.expr.floatimm, builtin.copysign]
args:
  F: {dtype: float32, shape: [4]}
expect:
  buffers: {F: [inf, -inf, nan, -1.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32")):
    F[0] = T.float32("inf")
    F[1] = T.float32("-inf")
    F[2] = T.float32("nan")
    F[3] = T.copysign(T.float32(1.0), T.float32(-0.0))
