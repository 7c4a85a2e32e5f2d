"""
description: tir.assume does not evaluate its argument - the condition A[0] // A[1] == A[0] // A[1] would divide by A[1] = 0 but is never evaluated (and it is true wherever it can be evaluated)
rules: [builtin.assume, builtin.args]
args:
  A: {dtype: int32, shape: [3], data: [5, 0, 0]}
expect:
  buffers: {A: [5, 0, 1]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32")):
    T.evaluate(T.assume(A[0] // A[1] == A[0] // A[1]))
    A[2] = 1
