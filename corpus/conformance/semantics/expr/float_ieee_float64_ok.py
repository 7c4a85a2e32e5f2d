"""
description: float64 ops round to nearest even - 0.1 + 0.2 = 0.30000000000000004 (not 0.3), 1e308 * 10 = inf, 2^53 + 1 ties back to 2^53, 1 - 2^-53 stays below 1
rules: [sem.expr.float_ieee, sem.expr.add, sem.expr.mul, sem.expr.sub]
args:
  A: {dtype: float64, shape: [5], data: [0.1, 0.2, 1e308, 9007199254740992.0, 1.1102230246251565e-16]}
  B: {dtype: float64, shape: [4]}
expect:
  buffers: {B: [0.30000000000000004, inf, 9007199254740992.0, 0.99999999999999988897769753748]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((5,), "float64"), B: T.Buffer((4,), "float64")):
    B[0] = A[0] + A[1]
    B[1] = A[2] * T.float64(10.0)
    B[2] = A[3] + T.float64(1.0)
    B[3] = T.float64(1.0) - A[4]
