"""
description: "tirconf reduce: rejected | tvm | parse: InternalError: Check failed: dtype.lanes() == N (N vs. N) : at <str>:N:N"
rules: [builtin.args, builtin.isfinite, sem.expr.broadcast, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.expr.select.vector, sem.stmt.bufferstore.vector, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: bfloat16, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | parse: InternalError: Check failed: dtype.lanes() == N (N vs. N) : at <str>:N:N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 522, profile default (245 IR nodes, 48 lines; now 14 and 8)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def main(A: T.Buffer((T.int64(1),), "bfloat16")):
        A[T.Broadcast(T.int64(0), 8)] = T.Select(T.isfinite(T.Broadcast(T.float32(0.0), 8)), T.Broadcast(T.bfloat16(0.0), 8), T.Broadcast(T.bfloat16(1.0), 8))
