"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: fb->value != N (-N vs. N) : Divide by zero"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: fb->value != N (-N vs. N) : Divide by zero
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 369, profile default (210 IR nodes, 48 lines; now 15 and 12)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1(A: T.Buffer((1,), "int32")):
        A[0] = T.Cast("int32", T.FloorDiv(T.float32(1.0), T.float32(-0.0)) < T.float32(0.0))

    @T.prim_func
    def main(s1: T.float32):
        T.evaluate(0)
