"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.ldexp)"
rules: [builtin.args, builtin.ldexp, sem.expr.broadcast, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.stmt.bufferstore.vector, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: float32, shape: [1], data: [0]}
expect:
  buffers:
    C: [1]
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.ldexp)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1404, profile default (109 IR nodes, 9 lines; now 10 and 5)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((1,), "float32")):
    C[T.Broadcast(0, 4)] = T.ldexp(T.Broadcast(T.float32(1.0), 4), 0)
