"""
description: "tirconf reduce: crash | tvm | SIGSEGV: killed by SIGSEGV: the worker died (waiting for the answer)"
rules: [sem.expr.bufferload, sem.expr.intimm, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.scalar_param, bind.shape, bind.shape_var, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int8, shape: [1], data: [-14]}
  B: {dtype: float32, shape: [4], data: [227.5, -3.616, -20.109375, -32.98]}
  C: {dtype: int16, shape: [1], data: [7]}
  n0: 1
expect:
  buffers:
    A: [-14]
    B: [227.5, -3.616, -20.109375, -32.98]
    C: [7]
"""
# signature: crash | tvm | SIGSEGV: killed by SIGSEGV: the worker died (waiting for the answer)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 1140, profile tvm (492 IR nodes, 81 lines; now 59 and 20)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle, B: T.Buffer((4,), "float32"), C_handle: T.handle, n0: T.int32):
    A = T.match_buffer(A_handle, (n0,), "int8")
    C = T.match_buffer(C_handle, (n0,), "int16")
    # with T.block("root"):
    W0 = T.alloc_buffer((4,), "int32")
    for f0 in range(2):
        W0[f0] = 0
    for i0 in range(n0):
        with T.block("blk3"):
            v1 = T.axis.spatial(n0, i0)
            T.reads(W0[0:4], B[0:4], C[0:n0])
            T.writes(C[0:n0])
            L0 = T.alloc_buffer((15, n0, 1), "int32")
            for f1, f2 in T.grid(3, n0):
                L0[f1, f2, 0] = f1
            L0[4, v1, 0] = W0[1]
            C[v1] = C[v1]
