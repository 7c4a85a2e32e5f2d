"""
description: "tirconf reduce: rejected | tvm | build: %N = select iN %N, iN %N, iN N, !dbg !N"
rules: [builtin.args, builtin.reinterpret, sem.expr.binary, sem.expr.bufferload, sem.expr.call.builtin, sem.expr.floatimm, sem.expr.intimm, sem.expr.max, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: int32, shape: [6, 7], data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    A: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
"""
# signature: rejected | tvm | build: %N = select iN %N, iN %N, iN N, !dbg !N
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 2530, profile tvm (376 IR nodes, 54 lines; now 24 and 10)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle):
    n0, n1 = T.int32(), T.int32()
    A = T.match_buffer(A_handle, (n0, n1), "int32")
    # with T.block("root"):
    W0 = T.alloc_buffer((n1, n0, 1), "int16")
    W0[0, 0, 0] = T.int16(0)
    W0[0, 0, 0] = T.max(W0[0, 0, 0], T.reinterpret("int16", T.bfloat16(1.0)))
