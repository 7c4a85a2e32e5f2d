"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (MatchDType(value->dtype)) is false:"
rules: [builtin.args, builtin.bitwise_not, sem.expr.binary, sem.expr.broadcast, sem.expr.call.builtin, sem.expr.cast, sem.expr.cast.float_to_int, sem.expr.cast.to_float, sem.expr.floatimm, sem.expr.intimm, sem.expr.max, sem.stmt.bufferstore.vector, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: float16, shape: [1, 1], data: [0]}
expect:
  buffers:
    C: [1]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (MatchDType(value->dtype)) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 492, profile default (71 IR nodes, 14 lines; now 14 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(C: T.Buffer((1, 1), "float16")):
        C[T.max(T.Cast("int32", T.Cast("bfloat16", T.bitwise_not(T.int8(0)))), 0), T.Broadcast(0, 4)] = T.Broadcast(T.float16(1.0), 4)
