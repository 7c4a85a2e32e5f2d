"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value >= -(NLL << (dtype.bits() - N)) (-N vs. -N) : ValueError: Literal value -N exceeds minimum of int32"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value >= -(NLL << (dtype.bits() - N)) (-N vs. -N) : ValueError: Literal value -N exceeds minimum of int32
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 75, profile default (571 IR nodes, 101 lines; now 16 and 14)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.float32:
        if 0 <= T.Cast("int32", T.int64(-2485283920)):
            T.evaluate(0)
        return T.float32(0.0)

    @T.prim_func
    def main(s0: T.int32):
        T.evaluate(0)
