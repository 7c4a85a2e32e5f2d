"""
description: A comparison (Bool) stored into an int8 buffer
rules: [type.stmt.bufferstore.value_elem]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "int8")):
    A[0] = A[1] > A[2]
