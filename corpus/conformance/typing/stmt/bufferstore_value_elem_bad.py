"""
description: A float32 value stored into an int32 buffer (no implicit conversion on store)
rules: [type.stmt.bufferstore.value_elem]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32"), B: T.Buffer((4,), "int32")):
    B[0] = F[0]
