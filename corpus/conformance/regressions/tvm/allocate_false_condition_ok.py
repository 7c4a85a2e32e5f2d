"""
description: "tirconf reduce: wrong-value | tvm | int32 buffer element"
rules: [sem.expr.intimm, sem.stmt.allocate.condition, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [1, 2, 1], data: [0, -12]}
expect:
  buffers:
    A: [0, -12]
"""
# signature: wrong-value | tvm | int32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1135, profile default (57 IR nodes, 10 lines; now 11 and 6)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1, 2, 1), "int32")):
    p0 = T.allocate([0], "int8", "global", T.bool(False))
    A[0, 1, 0] = 0
