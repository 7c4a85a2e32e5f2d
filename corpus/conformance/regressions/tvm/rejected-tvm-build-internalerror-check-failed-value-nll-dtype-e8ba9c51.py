"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value < NLL << dtype.bits() (N vs. N) : ValueError: Literal value N exceeds maximum of uint8"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value < NLL << dtype.bits() (N vs. N) : ValueError: Literal value N exceeds maximum of uint8
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 262, profile default (370 IR nodes, 93 lines; now 9 and 12)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.uint8:
        return T.Cast("uint8", 289)

    @T.prim_func
    def main(s1: T.float32):
        T.evaluate(0)
