# from tvm.script import tir as T

@T.prim_func
def predicated(A: T.Buffer((8,), "float32"), B: T.Buffer((8,), "float32")):
    for i_0 in range(2):
        B.vstore([T.Ramp(i_0 * 4, 1, 4)], A.vload([T.Ramp(i_0 * 4, 1, 4)], predicate=T.get_active_lane_mask("uint1x4", i_0 * 4, 7)) + T.Broadcast(T.float32(1.0), 4), predicate=T.get_active_lane_mask("uint1x4", i_0 * 4, 7))
