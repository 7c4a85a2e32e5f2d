"""
description: A call to an extern function (tir.call_extern "my_extern_fn") is not in the builtin catalog; nothing about it is guaranteed
rules: [unspec.builtin_unlisted, sem.expr.call.builtin]
args:
  A: {dtype: int32, shape: [1], data: [3]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    A[0] = T.call_extern("int32", "my_extern_fn", A[0])
