"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: fb->value != N (N vs. N) : Divide by zero"
rules: [sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: float64, shape: [2], data: [0, 0]}
expect:
  buffers:
    B: [0, 0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: fb->value != N (N vs. N) : Divide by zero
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 388, profile default (114 IR nodes, 33 lines; now 11 and 14)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def f1() -> T.float32:
        return T.Div(T.float32(0.0), T.float32(0.0))

    @T.prim_func
    def main(B_handle: T.handle):
        n0 = T.int32()
        B = T.match_buffer(B_handle, (n0,), "float64")
        T.evaluate(0)
