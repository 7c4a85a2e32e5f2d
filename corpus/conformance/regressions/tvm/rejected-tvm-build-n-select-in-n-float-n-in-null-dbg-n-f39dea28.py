"""
description: "tirconf reduce: rejected | tvm | build: %N = select iN %N, float %N, iN* null, !dbg !N"
rules: [builtin.args, builtin.reinterpret, sem.expr.binary, sem.expr.bufferload, sem.expr.call.builtin, sem.expr.float_ieee, sem.expr.intimm, sem.expr.max, sem.stmt.bufferstore, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: float32, shape: [1], data: [0]}
expect:
  buffers:
    A: [0]
"""
# signature: rejected | tvm | build: %N = select iN %N, float %N, iN* null, !dbg !N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 3712, profile tvm (271 IR nodes, 65 lines; now 10 and 5)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((T.int64(1),), "float32")):
    A[T.int64(0)] = T.max(A[T.int64(0)], T.reinterpret("float32", T.uint32(0)))
