"""
description: A PrimFunc whose body has no tir.ret and whose ret_type is the default TupleType([])
rules: [type.other.primfunc.ret.none]
args:
  A: {dtype: float32, shape: [4], data: [1.0, 2.0, 3.0, 4.0]}
expect:
  buffers: {A: [-1.0, -2.0, -3.0, -4.0]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    for i in range(4):
        A[i] = T.float32(0.0) - A[i]
