"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (allow_override) is false:"
rules: [sem.expr.cast, sem.expr.cast.float_to_int, sem.expr.floatimm, sem.expr.intimm, sem.expr.let, sem.stmt.evaluate, sem.stmt.letstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: int32x8, shape: [1], data: [0, 0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    C: [0, 0, 0, 0, 0, 0, 0, 0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (allow_override) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1993, profile default (142 IR nodes, 34 lines; now 12 and 10)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(C: T.Buffer((1,), "int32x8")):
        v0 = T.int64()
        x0: T.int64 = T.Let(T.int64(0), where={v0: T.Cast("int64", T.bfloat16(0.0))})
        T.evaluate(0)
