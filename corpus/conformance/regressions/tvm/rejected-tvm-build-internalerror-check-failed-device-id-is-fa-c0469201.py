"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (device_id_) is false:"
rules: [sem.expr.intimm, sem.stmt.allocate.condition, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  n1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: (device_id_) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 992, profile default (96 IR nodes, 18 lines; now 15 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(n1: T.int32):
    D0 = T.allocate([0, 0, 0], "int32", "global", T.bool(False))
    for f1 in range(n1):
        D0_1 = T.Buffer((3, n1, 1), "int32", data=D0)
        D0_1[0, f1, 0] = 0
