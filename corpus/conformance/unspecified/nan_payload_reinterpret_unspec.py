"""
description: The bit pattern of the NaN from inf - inf is unspecified, so reinterpreting it as int32 has no guaranteed value
rules: [unspec.nan_payload, builtin.reinterpret]
args:
  A: {dtype: float32, shape: [1], data: [inf]}
  B: {dtype: int32, shape: [1]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((1,), "float32"), B: T.Buffer((1,), "int32")):
    B[0] = T.reinterpret("int32", A[0] - A[0])
