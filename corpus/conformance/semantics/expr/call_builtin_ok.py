"""
description: A Call to a builtin Op runs that builtin's rule - bitwise_xor with 255, then popcount of the result; A = [0, 15, 255, 256] gives xor [255, 240, 0, 511] and popcount [8, 4, 0, 9]
rules: [sem.expr.call.builtin, builtin.bitwise_xor, builtin.popcount]
args:
  A: {dtype: int32, shape: [4], data: [0, 15, 255, 256]}
  B: {dtype: int32, shape: [4]}
  C: {dtype: int32, shape: [4]}
expect:
  buffers:
    B: [255, 240, 0, 511]
    C: [8, 4, 0, 9]
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32"), B: T.Buffer((4,), "int32"), C: T.Buffer((4,), "int32")):
    for i in range(4):
        B[i] = T.bitwise_xor(A[i], 255)
        C[i] = T.popcount(B[i])
