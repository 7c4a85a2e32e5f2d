"""
description: "tirconf reduce: wrong-value | tvm | int32 buffer element"
rules: [sem.expr.add, sem.expr.binary, sem.expr.bufferload, sem.expr.floordiv, sem.expr.int_wrap, sem.expr.intimm, sem.expr.max, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [1], data: [0]}
expect:
  buffers:
    A: [1]
"""
# signature: wrong-value | tvm | int32 buffer element
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 498, profile tvm (348 IR nodes, 54 lines; now 34 and 11)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((T.int64(1),), "int32")):
    with T.block("blk4"):
        v7 = T.axis.spatial(T.int64(14), T.int64(0))
        T.reads(A[T.int64(0):T.int64(14)])
        T.writes(A[T.int64(0):T.int64(14)])
        L0 = T.alloc_buffer((T.int64(4), T.int64(2), T.int64(9)), "int32")
        L0[T.int64(1), T.int64(1), T.int64(0)] = (3 + A[T.int64(0)]) // T.max(A[T.int64(0)], 2)
        A[T.int64(0)] = L0[T.int64(1), T.int64(1), T.int64(0)]
