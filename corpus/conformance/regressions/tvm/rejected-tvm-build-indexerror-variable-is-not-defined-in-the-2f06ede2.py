"""
description: "tirconf reduce: rejected | tvm | build: IndexError: Variable is not defined in the environment: nNrange(min=(nN % -N), ext=N)Range(ADDR)"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.floormod, sem.expr.int_wrap, sem.expr.intimm, sem.expr.sub, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.shape, bind.shape_var, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.return]
func: main
args:
  A: {dtype: float32, shape: [11], data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}
  B: {dtype: int32, shape: [11], data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}
expect:
  buffers:
    A: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    B: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
"""
# signature: rejected | tvm | build: IndexError: Variable is not defined in the environment: nNrange(min=(nN % -N), ext=N)Range(ADDR)
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 1090, profile tvm (280 IR nodes, 39 lines; now 49 and 18)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(A_handle: T.handle, B_handle: T.handle):
    n0 = T.int32()
    A = T.match_buffer(A_handle, (n0,))
    B = T.match_buffer(B_handle, (n0,), "int32")
    # with T.block("root"):
    W0 = T.alloc_buffer((8, 11, 2), "int32")
    for i0 in range(2):
        with T.block("blk2"):
            v3 = T.axis.spatial(n0, i0)
            T.reads(A[0:n0], W0[0:8, 0:11, 0:2], B[0:n0])
            T.writes(B[0:n0])
            L0 = T.alloc_buffer((3, n0), "int8")
            for f4 in range(11):
                L0[0, f4] = T.int8(0)
            L0[0, 0] = L0[0, (0 - v3) % n0]
