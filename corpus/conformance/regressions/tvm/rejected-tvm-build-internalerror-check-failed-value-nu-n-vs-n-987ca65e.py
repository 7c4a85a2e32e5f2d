"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint16"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= NU (-N vs. N) : ValueError: Literal value -N is negative for unsigned integer type uint16
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1262, profile default (82 IR nodes, 27 lines; now 14 and 12)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1(x0: T.uint16) -> T.int64:
        return T.if_then_else(T.uint16(1) != x0, T.int64(0), T.int64(0))

    @T.prim_func
    def main(s0: T.float32):
        T.evaluate(0)
