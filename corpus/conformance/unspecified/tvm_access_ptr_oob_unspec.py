"""
description: >-
  T.tvm_access_ptr for 4 float32 elements from offset 10 of a 12-element buffer: elements 10 ..
  13 are not all inside the allocation
rules: [unspec.oob, builtin.tvm_access_ptr]
args:
  A: {dtype: float32, shape: [3, 4]}
expect:
  unspecified: out-of-bounds
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((3, 4), "float32")):
    T.evaluate(T.tvm_access_ptr(T.type_annotation("float32"), A.data, 10, 4, 1))
