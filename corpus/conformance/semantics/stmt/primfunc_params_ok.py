"""
description: Scalar params of several datatypes (int8 -3, int64 2^40, float32 2.5, bool true) are bound to their arguments for the whole body
rules: [sem.stmt.primfunc.params]
args:
  a: -3
  b: 1099511627776
  f: 2.5
  p: true
  I: {dtype: int8, shape: [1]}
  L: {dtype: int64, shape: [1]}
  F: {dtype: float32, shape: [1]}
  P: {dtype: int32, shape: [1]}
expect:
  buffers:
    I: [-6]
    L: [1099511627777]
    F: [5.0]
    P: [1]
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.int8, b: T.int64, f: T.float32, p: T.bool, I: T.Buffer((1,), "int8"), L: T.Buffer((1,), "int64"), F: T.Buffer((1,), "float32"), P: T.Buffer((1,), "int32")):
    I[0] = a * T.int8(2)
    L[0] = b + T.int64(1)
    F[0] = f * T.float32(2.0)
    if p:
        P[0] = 1
