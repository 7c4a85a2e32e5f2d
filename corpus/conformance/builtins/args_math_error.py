"""
description: A float math builtin evaluates its argument too - T.sqrt(T.Cast("float32", A[0] // A[1])) raises divide-by-zero for A[1] = 0; for A[1] = 4, sqrt(16 // 4 = 4) = 2
rules: [builtin.args, builtin.sqrt]
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [16, 4]}
      F: {dtype: float32, shape: [1]}
    expect:
      buffers: {F: [2.0]}
  - args:
      A: {dtype: int32, shape: [2], data: [16, 0]}
      F: {dtype: float32, shape: [1]}
    expect:
      error: divide-by-zero
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "int32"), F: T.Buffer((1,), "float32")):
    F[0] = T.sqrt(T.Cast("float32", A[0] // A[1]))
