"""
description: Every param is passed, including n, which also names a buffer dimension; n equals the bound extent 3
rules: [bind.arity, bind.shape_var]
args:
  a: {dtype: int32, shape: [3], data: [1, 2, 3]}
  n: 3
expect:
  buffers: {a: [2, 3, 4]}
"""
from tvm.script import tir as T


@T.prim_func
def main(a: T.handle, n: T.int32):
    A = T.match_buffer(a, (n,), "int32")
    for i in range(n):
        A[i] = A[i] + 1
