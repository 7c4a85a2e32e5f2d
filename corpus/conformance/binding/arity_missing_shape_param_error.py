"""
description: A param that also appears in a buffer shape must still be passed; leaving out n is a binding error (it is not taken from the tensor)
rules: [bind.arity, bind.shape_var]
args:
  a: {dtype: int32, shape: [3], data: [1, 2, 3]}
expect:
  error: binding
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        A[i] = A[i] + 1
