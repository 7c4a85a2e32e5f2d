"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: value <= support::kMaxFloatN (N+N vs. N) : ValueError: Literal value N+N exceeds maximum of float16"
rules: [sem.expr.broadcast, sem.expr.cast, sem.expr.cast.to_float, sem.expr.intimm, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore.vector, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    C: [0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: value <= support::kMaxFloatN (N+N vs. N) : ValueError: Literal value N+N exceeds maximum of float16
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 326, profile default (138 IR nodes, 28 lines; now 14 and 7)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C: T.Buffer((1,), "int32")):
    # with T.block("root"):
    W1 = T.alloc_buffer((6, 12), "float16")
    W1[0, T.Broadcast(1, 8)] = T.Cast("float16x8", T.Broadcast(T.uint32(1904293), 8))
