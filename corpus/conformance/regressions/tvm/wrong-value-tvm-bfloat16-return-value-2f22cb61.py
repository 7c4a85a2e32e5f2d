"""
description: "tirconf reduce: wrong-value | tvm | bfloat16 return value"
rules: [builtin.ret, sem.expr.binary, sem.expr.call.builtin, sem.expr.div, sem.expr.float_ieee, sem.expr.floatimm, sem.expr.sub, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  return: -0
"""
# signature: wrong-value | tvm | bfloat16 return value
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1222, profile default (68 IR nodes, 23 lines; now 9 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(s0: T.uint8) -> T.bfloat16:
        return T.Div(T.bfloat16(0.0), T.bfloat16(0.0) - T.bfloat16(1.0))
