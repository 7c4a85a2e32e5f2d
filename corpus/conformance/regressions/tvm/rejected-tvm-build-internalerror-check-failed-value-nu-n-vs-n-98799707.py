"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint64"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint64
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 8, profile default (555 IR nodes, 122 lines; now 20 and 14)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1() -> T.int32:
        while T.LT(0, 0):
            T.if_then_else(T.LT(T.uint64(1), T.uint64(3)), T.float32(0.0), T.float32(0.0))
        return 0

    @T.prim_func
    def main(s1: T.float64):
        T.evaluate(0)
