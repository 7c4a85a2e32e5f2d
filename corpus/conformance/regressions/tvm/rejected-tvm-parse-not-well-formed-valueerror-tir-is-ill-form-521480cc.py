"""
description: "tirconf reduce: rejected | tvm | parse: not well-formed: ValueError: TIR is ill-formed, due to multiple definitions of variable vN. It was first defined"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | parse: not well-formed: ValueError: TIR is ill-formed, due to multiple definitions of variable vN. It was first defined
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 169, profile default (227 IR nodes, 47 lines; now 17 and 15)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f0() -> T.int32:
        v0 = T.int32()
        if T.isfinite(T.Let(T.float32(0.0), where={v0: 0})):
            T.evaluate(0)
        return 0

    @T.prim_func
    def main(s0: T.int32):
        T.evaluate(0)
