"""
description: "tirconf reduce: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.erf)"
rules: [builtin.args, builtin.erf, builtin.math.lanes, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int8, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: TVMError: unknown intrinsic Op(tir.erf)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 270, profile tvm (321 IR nodes, 70 lines; now 11 and 7)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "int8")):
    # with T.block("root"):
    W0 = T.alloc_buffer((1,), "float16")
    W0[0] = T.erf(T.float16(0.0))
