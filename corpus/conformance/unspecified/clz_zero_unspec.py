"""
description: >-
  T.clz(0) has no defined value (TVM's LLVM lowering answers 31 for an int32 0); computing it is
  unspecified
rules: [unspec.clz_zero, builtin.clz]
args:
  B: {dtype: int32, shape: [1], data: [-7]}
  x: 0
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "int32"), x: T.int32):
    B[0] = T.clz(x)
