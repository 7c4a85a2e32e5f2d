"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value < NLL << dtype.bits() (N vs. N) : ValueError: Literal value N exceeds maximum of bool"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: float32, shape: [1], data: [0]}
expect:
  buffers:
    C: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value < NLL << dtype.bits() (N vs. N) : ValueError: Literal value N exceeds maximum of bool
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 37, profile default (196 IR nodes, 48 lines; now 15 and 14)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1() -> T.float32:
        if T.Cast("bool", T.float16(22.0)):
            T.evaluate(0)
        return T.float32(0.0)

    @T.prim_func
    def main(C: T.Buffer((T.int64(1),), "float32")):
        T.evaluate(0)
