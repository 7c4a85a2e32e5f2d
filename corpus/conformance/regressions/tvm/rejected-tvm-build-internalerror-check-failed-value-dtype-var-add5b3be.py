"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value.dtype() == var.dtype() (float32 vs. bfloat16) :"
rules: [sem.expr.intimm, sem.stmt.allocate.condition, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: value.dtype() == var.dtype() (float32 vs. bfloat16) :
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 88, profile default (68 IR nodes, 19 lines; now 14 and 11)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(s1: T.bfloat16):
        p0 = T.allocate([0], "int32", "global", T.bool(False))
        P0 = T.Buffer((4,), "int32", data=p0)
        t0 = T.bfloat16()
        P0[0] = T.Cast("int32", T.Let(T.bfloat16(0.0), where={t0: T.bfloat16(1.0) / s1}))
