"""
description: tir.reinterpret between int8 and uint8 keeps the bits - int8 -1 is uint8 255, int8 -128 is 128, uint8 200 is int8 -56
rules: [builtin.reinterpret]
args:
  S: {dtype: int8, shape: [2], data: [-1, -128]}
  U: {dtype: uint8, shape: [1], data: [200]}
  V: {dtype: uint8, shape: [2]}
  T8: {dtype: int8, shape: [1]}
expect:
  buffers:
    V: [255, 128]
    T8: [-56]
"""
from tvm.script import tir as T


@T.prim_func
def main(S: T.Buffer((2,), "int8"), U: T.Buffer((1,), "uint8"), V: T.Buffer((2,), "uint8"), T8: T.Buffer((1,), "int8")):
    for i in range(2):
        V[i] = T.reinterpret("uint8", S[i])
    T8[0] = T.reinterpret("int8", U[0])
