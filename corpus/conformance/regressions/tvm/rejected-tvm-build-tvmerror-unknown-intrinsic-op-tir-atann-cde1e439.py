"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.atanN)"
rules: [builtin.args, builtin.atan2, builtin.math.lanes, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  B: {dtype: float16, shape: [1], data: [0]}
expect:
  buffers:
    B: [0]
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.atanN)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 1715, profile tvm (140 IR nodes, 21 lines; now 8 and 5)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(B: T.Buffer((1,), "float16")):
    B[0] = T.atan2(T.float16(0.0), T.float16(0.0))
