"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (v) is false:"
rules: [sem.expr.intimm, sem.stmt.attrstmt, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (v) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 44, profile default (155 IR nodes, 24 lines; now 9 and 6)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int32")):
    T.attr(0, "storage_alignment", 0)
    A[0] = 0
