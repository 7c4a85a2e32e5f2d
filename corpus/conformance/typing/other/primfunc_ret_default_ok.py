"""
description: A PrimFunc with no return annotation and no return has ret_type TupleType([])
rules: [type.other.primfunc.ret.default]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [1, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")):
    T.evaluate(A[0])
