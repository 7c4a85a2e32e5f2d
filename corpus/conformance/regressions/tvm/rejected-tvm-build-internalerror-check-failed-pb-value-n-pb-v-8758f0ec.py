"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (pb->value >= N && pb->value < rtype.bits()) is false:"
rules: [builtin.args, builtin.bitwise_and, builtin.shift_right, sem.expr.call.builtin, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: int16, shape: [1], data: [0]}
expect:
  buffers:
    B: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (pb->value >= N && pb->value < rtype.bits()) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 50, profile default (279 IR nodes, 35 lines; now 10 and 5)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((T.int64(1),), "int16")):
    B[T.shift_right(T.int64(0), T.call_intrin("int64", "tir.bitwise_and", T.int64(-2), T.int64(63)))] = T.int16(0)
