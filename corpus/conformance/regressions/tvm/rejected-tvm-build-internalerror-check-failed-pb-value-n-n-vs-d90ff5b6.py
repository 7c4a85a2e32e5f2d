"""
description: "tirconf reduce: rejected | tvm | build: InternalError: Check failed: pb->value != N (N vs. N) : Divide by zero"
rules: [sem.expr.binary, sem.expr.bufferload, sem.expr.floormod, sem.expr.intimm, sem.expr.var, sem.stmt.block, sem.stmt.block.alloc, sem.stmt.block.init, sem.stmt.blockrealize, sem.stmt.bufferstore, sem.stmt.evaluate, sem.stmt.for.range, sem.stmt.for.serial, sem.stmt.seqstmt, bind.arity, bind.order, bind.scalar_param, sem.stmt.primfunc, sem.stmt.primfunc.layout, sem.stmt.primfunc.outputs, sem.stmt.primfunc.params, sem.stmt.primfunc.return]
func: main
args:
  s1: 0
expect:
  buffers: {}
"""
# signature: rejected | tvm | build: InternalError: Check failed: pb->value != N (N vs. N) : Divide by zero
# implementation: tvm 0.20.0 (git 1c60502cfba5)
# reduced from: seed 20261127 program 4433, profile tvm (814 IR nodes, 114 lines; now 57 and 19)
# reduced on: 2026-11-27 by tirconf reduce
from tvm.script import tir as T


@T.prim_func
def main(s1: T.int16):
    # with T.block("root"):
    W0 = T.alloc_buffer((T.int64(7), T.int64(7), T.int64(1)), "int32")
    W1 = T.alloc_buffer((T.int64(4), T.int64(1)), "int32")
    W1[T.int64(0), T.int64(0)] = 0
    for k4 in range(T.int64(2)):
        with T.block("blk8"):
            v20 = T.axis.spatial(T.int64(7), T.int64(0))
            v21 = T.axis.spatial(T.int64(7), T.int64(0))
            v22 = T.axis.spatial(T.int64(1), T.int64(0))
            vk4 = T.axis.reduce(T.int64(4), k4)
            T.reads(W0[T.int64(0):T.int64(7), T.int64(0):T.int64(7), T.int64(0)], W1[T.int64(0):T.int64(4), T.int64(0)])
            T.writes(W0[T.int64(0):T.int64(7), T.int64(0):T.int64(7), T.int64(0)])
            with T.init():
                W0[T.int64(0), T.int64(0), T.int64(0)] = W1[vk4 % T.int64(-4294967296), T.int64(0)]
            T.evaluate(0)
