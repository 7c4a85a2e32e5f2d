"""
description: An int64 value stored into an int32 buffer
rules: [type.stmt.bufferstore.value_elem]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(N: T.Buffer((4,), "int64"), B: T.Buffer((4,), "int32")):
    B[0] = N[0]
