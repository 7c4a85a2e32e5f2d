"""
description: Datatype strings in {code}{bits} and {code}{bits}x{lanes} form, plus the names bool and handle
rules: [dtype.notation]
args:
  A: {dtype: uint32, shape: [4], data: [1, 2, 3, 4]}
  C: {dtype: float64x4, shape: [1]}
  D: {dtype: bool, shape: [1]}
expect:
  buffers: {C: [1.0, 2.0, 3.0, 4.0], D: [true]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "uint32"), C: T.Buffer((1,), "float64x4"), D: T.Buffer((1,), "bool")):
    T.evaluate(T.Cast("handle", T.int64(0)))
    C[0] = T.Cast("float64x4", A[0:4])
    D[0] = T.Cast("bool", A[0])
