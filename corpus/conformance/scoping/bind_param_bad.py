"""
description: A PrimFunc references the param x of another PrimFunc of the module
rules: [scope.bind.param, scope.unbound]
func: main
expect: {invalid: true}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f(x: T.int32) -> T.int32:
        return x + 1

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        A[0] = x
