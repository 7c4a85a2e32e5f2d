"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (a.dtype().is_int() || a.dtype().is_uint()) is false:"
rules: [builtin.ret, sem.expr.binary, sem.expr.bufferload, sem.expr.call.builtin, sem.expr.cast, sem.expr.cast.to_float, sem.expr.float_ieee, sem.expr.floatimm, sem.expr.floordiv, sem.expr.intimm, sem.stmt.evaluate, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    B: [0]
  return: inf
"""
# signature: rejected | tvm | build: InternalError: Check failed: (a.dtype().is_int() || a.dtype().is_uint()) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 48, profile default (389 IR nodes, 57 lines; now 10 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(B: T.Buffer((1,), "int32")) -> T.float32:
        return T.FloorDiv(T.float32(1.0), T.Cast("float32", B[0]))
