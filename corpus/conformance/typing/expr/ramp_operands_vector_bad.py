"""
description: A Ramp whose base and stride are int32x4 vectors (they must be scalars)
rules: [type.expr.ramp.operands]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((4,), "int32")):
    B[0:4] = T.Ramp(T.Broadcast(0, 4), T.Broadcast(1, 4), 4)
