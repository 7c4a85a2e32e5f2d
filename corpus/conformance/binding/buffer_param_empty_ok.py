"""
description: A buffer parameter of shape (0,) binds an empty DLTensor, and the call runs (found by the checker_oracle fuzz target - the oracle copied the empty tensor's storage with a null pointer)
rules: [bind.buffer_param, bind.shape]
args:
  A: {dtype: float32, shape: [0]}
  B: {dtype: int8, shape: [1]}
expect:
  buffers: {B: [7]}
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((0,), "float32"), B: T.Buffer((1,), "int8")):
    B[0] = T.int8(7)
