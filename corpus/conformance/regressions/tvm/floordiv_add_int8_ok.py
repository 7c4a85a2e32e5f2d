"""
description: "tirconf reduce: wrong-value | tvm | int8 buffer element"
rules: [sem.expr.add, sem.expr.binary, sem.expr.bufferload, sem.expr.floordiv, sem.expr.int_wrap, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int8, shape: [1], data: [0]}
expect:
  buffers:
    A: [1]
"""
# signature: wrong-value | tvm | int8 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 13088, profile tvm (706 IR nodes, 80 lines; now 11 and 5)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int8")):
    A[0] = (A[0] + T.int8(3)) // T.int8(3)
