"""
description: A string literal as the message of an assert is a StringImm (handle64); the assert holds
rules: [type.expr.stringimm]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
  B: {dtype: int32, shape: [4]}
expect:
  buffers: {B: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32")):
    assert A[0] >= 0, "A[0] must be non-negative"
    for i in range(4):
        B[i] = A[i]
