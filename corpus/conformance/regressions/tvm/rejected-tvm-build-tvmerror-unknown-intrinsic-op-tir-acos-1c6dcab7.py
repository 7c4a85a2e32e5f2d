"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.acos)"
rules: [builtin.acos, builtin.args, builtin.math.lanes, builtin.reinterpret, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int16, shape: [1], data: [0]}
expect:
  buffers:
    A: [15944]
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.acos)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 2814, profile tvm (367 IR nodes, 70 lines; now 8 and 5)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int16")):
    A[0] = T.reinterpret("int16", T.acos(T.float16(0.0)))
