"""
description: T.pow of a float32 and a float64 argument (one datatype required)
rules: [builtin.math.typing]
expect: {invalid: true}
"""
from tvm.script import tir as T


@T.prim_func
def main(F: T.Buffer((4,), "float32")):
    F[0] = T.pow(F[0], T.float64(2.0))
