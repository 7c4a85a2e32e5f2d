"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value <= std::numeric_limits<float>::max() (N+N vs. N+N) : ValueError: Literal value N+N exceeds maximum of float32"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value <= std::numeric_limits<float>::max() (N+N vs. N+N) : ValueError: Literal value N+N exceeds maximum of float32
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 421, profile default (89 IR nodes, 21 lines; now 9 and 12)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.float32:
        return T.Cast("float32", T.FloatImm("float64", 1.7976931348623157e+308))

    @T.prim_func
    def main(s0: T.int32):
        T.evaluate(0)
