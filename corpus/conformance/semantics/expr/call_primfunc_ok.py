"""
description: >-
  A call to a module PrimFunc passes its arguments in order and yields its tir.ret value:
  sub(A[1], A[2]) = 10 - 4 = 6, and the nested sub(sub(10, 3), 2) = 5
rules: [sem.expr.call.primfunc, sem.stmt.primfunc.return, builtin.ret]
func: main
args:
  A: {dtype: int32, shape: [4], data: [0, 10, 4, 0]}
expect:
  buffers: {A: [6, 10, 4, 5]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def sub(x: T.int32, y: T.int32) -> T.int32:
        return x - y

    @T.prim_func
    def main(A: T.Buffer((4,), "int32")):
        A[0] = Module.sub(A[1], A[2])
        A[3] = Module.sub(Module.sub(10, 3), 2)
