"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value < NLL << (dtype.bits() - N) (N vs. N) : ValueError: Literal value N exceeds maximum of int16"
rules: [builtin.ret, sem.expr.call.builtin, sem.expr.cast, sem.expr.cast.int_to_int, sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  return: -1
"""
# signature: rejected | tvm | build: InternalError: Check failed: value < NLL << (dtype.bits() - N) (N vs. N) : ValueError: Literal value N exceeds maximum of int16
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 292, profile default (196 IR nodes, 43 lines; now 6 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(s0: T.float32) -> T.int16:
        return T.Cast("int16", 65535)
