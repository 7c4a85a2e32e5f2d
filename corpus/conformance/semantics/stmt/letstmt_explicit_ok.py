"""
description: A LetStmt written with T.LetStmt binds its var only in its body; a float32 value 1.5 * A[0] with A[0] = 3 gives 4.5
rules: [sem.stmt.letstmt]
args:
  A: {dtype: float32, shape: [2], data: [3.0, 0.0]}
expect:
  buffers: {A: [3.0, 4.5]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((2,), "float32")):
    x = T.float32()
    with T.LetStmt(A[0] * T.float32(1.5), var=x):
        A[1] = x
