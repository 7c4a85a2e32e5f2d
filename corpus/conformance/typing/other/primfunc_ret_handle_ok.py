"""
description: tir.ret of a non-Var Handle (the null pointer) in a PrimFunc declared with a PointerType return
rules: [type.other.primfunc.ret.handle]
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 4]}
expect:
  buffers: {A: [5, 2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int32")) -> T.handle("int32", "global"):
    A[0] = 5
    return T.Cast("handle", T.int64(0))
