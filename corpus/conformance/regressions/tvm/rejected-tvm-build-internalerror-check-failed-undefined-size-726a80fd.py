"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: undefined.size() == N (N vs. N) : In PrimFunc main variables [xN] are used, but are not passed in as API arguments"
rules: [sem.expr.bufferload, sem.expr.cast, sem.expr.cast.to_bool, sem.expr.intimm, sem.expr.var, sem.stmt.for.range, sem.stmt.for.vectorized, sem.stmt.ifthenelse, sem.stmt.letstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [1], data: [0]}
  B: {dtype: int32, shape: [3], data: [0, 0, 0]}
expect:
  buffers:
    A: [0]
    B: [0, 0, 0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: undefined.size() == N (N vs. N) : In PrimFunc main variables [xN] are used, but are not passed in as API arguments
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261128 program 3371, profile tvm (301 IR nodes, 43 lines; now 18 and 8)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((T.int64(1),), "int32"), B: T.Buffer((T.int64(3),), "int32")):
    for i9 in T.vectorized(T.int64(3)):
        x1: T.int32 = B[i9]
        if T.Cast("bool", x1):
            A[T.int64(0)] = 0
