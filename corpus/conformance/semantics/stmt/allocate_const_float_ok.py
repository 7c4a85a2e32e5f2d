"""
description: >-
  float32 constants of T.allocate_const keep their float32 values (0.1 rounds to
  0.100000001490116); B[i] = K[i] * 2 doubles them exactly
rules: [sem.stmt.allocate_const, sem.stmt.allocate]
args:
  B: {dtype: float32, shape: [3], data: [0.0, 0.0, 0.0]}
expect:
  buffers: {B: [0.20000000298023224, -3.0, 0.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((3,), "float32")):
    K = T.allocate_const([0.10000000149011612, -1.5, 0.0], "float32", [3])
    K_1 = T.Buffer((3,), "float32", data=K)
    for i in range(3):
        B[i] = K_1[i] * T.float32(2.0)
