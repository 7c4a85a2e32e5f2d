"""
description: Two iterations of a parallel For write the same element A[0] (values 0 and 1); which write lands last is not determined
rules: [unspec.conflict.parallel, sem.stmt.for.parallel]
args:
  A: {dtype: int32, shape: [1]}
expect:
  unspecified: conflict
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    for i in T.parallel(2):
        A[0] = i
