"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (!is_zero(op->condition)) is false:"
rules: [sem.expr.intimm, sem.stmt.allocate.condition, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: bfloat16, shape: [5], data: [0, 0, 0, 0, 0]}
expect:
  buffers:
    A: [0, 0, 0, 0, 0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (!is_zero(op->condition)) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 371, profile default (150 IR nodes, 18 lines; now 17 and 10)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle):
    n0 = T.int32()
    A = T.match_buffer(A_handle, (n0,), "bfloat16")
    p0 = T.allocate([1, 1, 1], "int32", "global", T.bool(False))
    q0: T.handle("int32", "global") = p0
    Q0 = T.Buffer((2, 16, 1), "int32", data=q0)
    A[Q0[0, 0, 0]] = T.bfloat16(0.0)
