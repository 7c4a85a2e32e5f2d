"""
description: A call to a module PrimFunc declared -> T.int64 has datatype int64
rules: [type.expr.call.result]
func: main
args:
  A: {dtype: int64, shape: [4], data: [1, -2, 3, 100000]}
expect:
  buffers: {A: [2, -4, 6, 200000]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def double(x: T.int64) -> T.int64:
        return x + x

    @T.prim_func
    def main(A: T.Buffer((4,), "int64")):
        for i in range(4):
            A[i] = Module.double(A[i])
