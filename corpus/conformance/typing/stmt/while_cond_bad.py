"""
description: A While whose condition is a float32 load
rules: [type.stmt.while.cond]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((1,), "float32")):
    while F[0]:
        F[0] = T.float32(0.0)
