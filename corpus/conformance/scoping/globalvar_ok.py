"""
description: A PrimFunc calls itself (recursion) and is called from main; GlobalVars are always in scope
rules: [scope.globalvar]
func: main
args:
  A: {dtype: int32, shape: [4], data: [1, 2, 3, 5]}
expect:
  buffers: {A: [1, 2, 6, 120]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def fact(n: T.int32) -> T.int32:
        if n <= 1:
            return 1
        return n * Module.fact(n - 1)

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        for i in range(4):
            A[i] = Module.fact(A[i])
