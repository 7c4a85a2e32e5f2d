"""
description: >-
  A masked vector store (A.vstore with predicate=, TVM's lane predicate) is outside the spec:
  running it is unspecified, whatever the mask
rules: [unspec.predicated_access]
args:
  A: {dtype: float32, shape: [4], data: [0.0, 0.0, 0.0, 0.0]}
expect:
  unspecified: any
"""
from tvm.script import tir as T


@T.prim_func
def main(A: T.Buffer((4,), "float32")):
    A.vstore([T.Ramp(0, 1, 4)], T.Broadcast(T.float32(2.0), 4), predicate=T.get_active_lane_mask("uint1x4", 0, 3))
