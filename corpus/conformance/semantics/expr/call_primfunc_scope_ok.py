"""
description: >-
  Each call runs in a fresh scope: the callee's param i and loop var are its own, and the caller's
  loop var i keeps its value across the call; sumto(n) = 0 + 1 + ... + (n - 1), so A[i] = i * 100 + sumto(i + 2)
rules: [sem.expr.call.primfunc, sem.stmt.primfunc.params]
func: main
args:
  A: {dtype: int32, shape: [3]}
expect:
  buffers: {A: [1, 103, 206]}
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def sumto(i: T.int32) -> T.int32:
        s = T.alloc_buffer((1,), "int32")
        s[0] = 0
        for j in range(i):
            s[0] = s[0] + j
        return s[0]

    @T.prim_func
    def main(A: T.Buffer((3,), "int32")):
        for i in range(3):
            A[i] = i * 100 + Module.sumto(i + 2)
