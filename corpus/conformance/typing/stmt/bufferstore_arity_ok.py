"""
description: Stores with one index per dimension, including a shape-() buffer stored with no index
rules: [type.stmt.bufferstore.arity]
args:
  B: {dtype: int32, shape: [2, 2]}
  S: {dtype: float32, shape: []}
expect:
  buffers: {B: [0, 0, 5, 0], S: [2.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((2, 2), "int32"), S: T.Buffer((), "float32")):
    B[1, 0] = 5
    S[()] = T.float32(2.5)
