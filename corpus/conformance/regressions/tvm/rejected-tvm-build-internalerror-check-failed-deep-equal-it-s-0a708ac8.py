"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: (deep_equal_(it->second->value, op->value)) is false:"
rules: [builtin.if_then_else, sem.expr.binary, sem.expr.bufferload, sem.expr.call.builtin, sem.expr.floormod, sem.expr.intimm, sem.expr.max, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.for.range, sem.stmt.for.serial, sem.stmt.seqstmt, bind.arity, bind.buffer_param, bind.byte_offset, bind.dtype, bind.elem_offset, bind.ndim, bind.order, bind.scalar_param, bind.shape_var, bind.strides_compact, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  C: {dtype: int64, shape: [3], data: [0, 0, 0]}
  n0: 3
expect:
  buffers:
    C: [0, 0, 0]
"""
# signature: rejected | tvm | build: InternalError: Check failed: (deep_equal_(it->second->value, op->value)) is false:
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 3981, profile tvm (344 IR nodes, 57 lines; now 45 and 13)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(C_handle: T.handle, n0: T.int32):
    C = T.match_buffer(C_handle, (n0,), "int64")
    # with T.block("root"):
    W0 = T.alloc_buffer((n0,), "bool")
    W1 = T.alloc_buffer((7, n0, 1), "int32")
    W0[1] = T.bool(False)
    for f1, f2 in T.grid(3, 3):
        W1[f1, f2, 0] = 1
    for i5 in range(3):
        W1[i5, 0, 0] = -1 % T.max(T.if_then_else(W0[W1[i5, 0, 0] % n0], 0, 0), 1)
