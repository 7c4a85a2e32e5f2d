"""
description: The Int/UInt restriction is Mod's only; FloorMod (%) on float32 operands is valid
rules: [type.expr.mod.int, type.expr.binary.match]
args:
  F: {dtype: float32, shape: [4], data: [5.5, -1.0, 4.0, -4.5]}
  G: {dtype: float32, shape: [4]}
expect:
  buffers: {G: [1.5, 1.0, 0.0, 1.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), G: T.Buffer((4,), "float32")):
    for i in range(4):
        G[i] = F[i] % T.float32(2.0)
