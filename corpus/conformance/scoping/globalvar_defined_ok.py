"""
description: main calls square, defined after it in the module
rules: [scope.globalvar.defined]
func: main
args:
  A: {dtype: int32, shape: [4], data: [1, -2, 3, 4]}
expect:
  buffers: {A: [1, 4, 9, 16]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.square(A[i])

    @T.prim_func
    def square(x: T.int32) -> T.int32:
        return x * x
