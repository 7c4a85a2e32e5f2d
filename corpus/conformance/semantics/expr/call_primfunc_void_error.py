"""
description: >-
  A call to a PrimFunc without tir.ret yields Void; evaluating check(x) runs its body, so its assert
  fails for x = -1 (error: assert) and passes for x = 3
rules: [sem.expr.call.primfunc, sem.stmt.primfunc.return, sem.stmt.assert, sem.stmt.evaluate]
func: main
cases:
  - args:
      A: {dtype: int32, shape: [2], data: [3, 0]}
    expect:
      buffers: {A: [3, 1]}
  - args:
      A: {dtype: int32, shape: [2], data: [-1, 0]}
    expect:
      error: assert
"""
from tvm.script import ir as I
from tvm.script import tir as T


@I.ir_module
class Module:
    @T.prim_func
    def check(x: T.int32):
        assert x >= 0, "x must be non-negative"
        T.evaluate(0)

    @T.prim_func
    def main(A: T.Buffer((2,), "int32")):
        T.evaluate(Module.check(A[0]))
        A[1] = 1
