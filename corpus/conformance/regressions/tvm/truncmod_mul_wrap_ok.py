"""
description: "tirconf reduce: wrong-value | tvm | int32 buffer element"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.int_wrap, sem.expr.intimm, sem.expr.mod, sem.expr.mul, sem.expr.var, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: int32, shape: [3], data: [15, 15, 2147483646]}
expect:
  buffers:
    B: [2, 15, 2147483646]
"""
# signature: wrong-value | tvm | int32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 30, profile tvm (108 IR nodes, 22 lines; now 14 and 6)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((3,), "int32")):
    for i1 in range(3):
        B[0] = T.truncmod(15 * B[i1], 3)
