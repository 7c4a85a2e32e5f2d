"""
description: "tirconf reduce: rejected | tvm | build: iN"
rules: [builtin.args, builtin.reinterpret, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int16, shape: [1], data: [0]}
expect:
  buffers:
    A: [16256]
"""
# signature: rejected | tvm | build: iN
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 1326, profile tvm (122 IR nodes, 29 lines; now 7 and 5)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int16")):
    A[0] = T.reinterpret("int16", T.bfloat16(1.0))
