"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (base.dtype().is_int() && stride.dtype().is_int()) is false:"
rules: [sem.expr.broadcast, sem.expr.bufferload, sem.expr.intimm, sem.expr.ramp, sem.stmt.bufferstore.vector, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: uint8, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (base.dtype().is_int() && stride.dtype().is_int()) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1777, profile default (109 IR nodes, 21 lines; now 10 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "uint8")):
        A[T.Broadcast(T.int64(0), 2)] = T.Ramp(T.uint8(0), A[T.int64(0)], 2)
