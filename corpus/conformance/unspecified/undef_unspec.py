"""
description: >-
  T.undef() is TVM's value that nobody defined; storing it evaluates it, and evaluating it is
  unspecified (uninitialized), as reading memory never written is
rules: [unspec.undef]
args:
  B: {dtype: int32, shape: [1], data: [7]}
expect:
  unspecified: uninitialized
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "int32")):
    B[0] = T.undef()
