"""
description: "tirconf reduce: wrong-value | tvm | int16 buffer element"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.floordiv, sem.expr.intimm, sem.expr.max, sem.expr.var, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: int16, shape: [15], data: [1, 0, 3, -11, -32768, 256, 3, -15, 32767, 0, -27618, 7, 1, 3, -1]}
expect:
  buffers:
    C: [-3, -3, -1, -3, -3, -1, -1, -3, -1, -3, -3, -1, -3, -1, -3]
"""
# signature: wrong-value | tvm | int16 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 22443, profile tvm (360 IR nodes, 76 lines; now 14 and 6)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((15,), "int16")):
    for i7 in range(15):
        C[i7] = T.int16(-3) // T.max(C[i7], T.int16(1))
