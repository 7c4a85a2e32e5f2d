"""
description: "tirconf reduce: wrong-value | tvm | int32 buffer element"
rules: [sem.expr.add, sem.expr.binary, sem.expr.bufferload, sem.expr.floormod, sem.expr.int_wrap, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: int32, shape: [3], data: [-6, 13, 2]}
expect:
  buffers:
    B: [-6, 0, 2]
"""
# signature: wrong-value | tvm | int32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 735, profile default (124 IR nodes, 19 lines; now 11 and 5)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((3,), "int32")):
    B[(-5 + B[0]) % 12] = 0
