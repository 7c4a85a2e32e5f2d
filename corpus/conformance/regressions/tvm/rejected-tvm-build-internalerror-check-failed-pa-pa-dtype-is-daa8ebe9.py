"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (!((pa && pa->dtype.is_uint() && pa->value == NU) && (pb && pb->dtype.is_uint() && pb->value > NU))) is false:"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s0: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (!((pa && pa->dtype.is_uint() && pa->value == NU) && (pb && pb->dtype.is_uint() && pb->value > NU))) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 36, profile default (476 IR nodes, 115 lines; now 19 and 16)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1() -> T.int32:
        if T.uint32(0) == T.Sub(T.uint32(0), T.uint32(1)):
            T.evaluate(0)
        else:
            T.evaluate(0)
        return 0

    @T.prim_func
    def main(s0: T.bool):
        T.evaluate(0)
