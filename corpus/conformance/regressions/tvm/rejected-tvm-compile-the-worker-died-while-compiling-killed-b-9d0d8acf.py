"""
description: "tirconf reduce: rejected | tvm | compile: the worker died while compiling (killed by SIGSEGV): the worker died (waiting for the answer)"
rules: [sem.expr.bufferload, sem.expr.bufferload.vector, sem.expr.intimm, sem.expr.ramp, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.vectorized, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [3], data: [0, 0, 0]}
  B: {dtype: int64x2, shape: [3], data: [0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    A: [0, 0, 0]
    B: [0, 0, 0, 0, 0, 0]
"""
# signature: rejected | tvm | compile: the worker died while compiling (killed by SIGSEGV): the worker died (waiting for the answer)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 1 program 1409, profile default (280 IR nodes, 50 lines; now 23 and 9)
# reduced on: 2026-11-26 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3,), "int32"), B: T.Buffer((3,), "int64x2")):
    # with T.block("root"):
    W0 = T.alloc_buffer((12,), "int64")
    W0[0] = T.int64(0)
    for i0 in T.vectorized(3):
        B[i0] = W0[T.Ramp(A[i0], 0, 2)]
