"""
description: main calls Module.cube, which the module does not define
rules: [scope.globalvar.defined]
func: main
expect: {invalid: true}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def square(x: T.int32) -> T.int32:
        return x * x

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.cube(A[i])
