"""
description: A called PrimFunc with float32 params and a float32 result - avg(x, y) = (x + y) * 0.5; avg(1.5, 2.0) = 1.75, avg(-3.0, 1.0) = -1.0
rules: [sem.expr.call.primfunc, builtin.ret]
func: main
args:
  A: {dtype: float32, shape: [4], data: [1.5, 2.0, -3.0, 1.0]}
  B: {dtype: float32, shape: [2]}
expect:
  buffers: {B: [1.75, -1.0]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def avg(x: T.float32, y: T.float32) -> T.float32:
        return (x + y) * T.float32(0.5)

    @T.prim_func
    def main(A: T.Buffer((4,), "float32"), B: T.Buffer((2,), "float32")):
        for i in range(2):
            B[i] = Module.avg(A[i * 2], A[i * 2 + 1])
