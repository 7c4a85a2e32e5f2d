#include "ir/builtins.h"

namespace tirconf::ir {

const std::vector<BuiltinInfo> &builtin_table() {
  using R = BuiltinResult;
  static const std::vector<BuiltinInfo> table = {
      {"tir.ret", "ret", 1, R::SameAsFirstArg},
      {"tir.if_then_else", "if_then_else", 3, R::SameAsSecondArg},
      {"tir.likely", "likely", 1, R::SameAsFirstArg},
      {"tir.bitwise_and", "bitwise_and", 2, R::SameAsFirstArg},
      {"tir.bitwise_or", "bitwise_or", 2, R::SameAsFirstArg},
      {"tir.bitwise_xor", "bitwise_xor", 2, R::SameAsFirstArg},
      {"tir.bitwise_not", "bitwise_not", 1, R::SameAsFirstArg},
      {"tir.shift_left", "shift_left", 2, R::SameAsFirstArg},
      {"tir.shift_right", "shift_right", 2, R::SameAsFirstArg},
      {"tir.popcount", "popcount", 1, R::SameAsFirstArg},
      {"tir.exp", "exp", 1, R::SameAsFirstArg},
      {"tir.exp2", "exp2", 1, R::SameAsFirstArg},
      {"tir.exp10", "exp10", 1, R::SameAsFirstArg},
      {"tir.log", "log", 1, R::SameAsFirstArg},
      {"tir.log2", "log2", 1, R::SameAsFirstArg},
      {"tir.log10", "log10", 1, R::SameAsFirstArg},
      {"tir.log1p", "log1p", 1, R::SameAsFirstArg},
      {"tir.sqrt", "sqrt", 1, R::SameAsFirstArg},
      {"tir.rsqrt", "rsqrt", 1, R::SameAsFirstArg},
      {"tir.fabs", "fabs", 1, R::SameAsFirstArg},
      {"tir.floor", "floor", 1, R::SameAsFirstArg},
      {"tir.ceil", "ceil", 1, R::SameAsFirstArg},
      {"tir.round", "round", 1, R::SameAsFirstArg},
      {"tir.trunc", "trunc", 1, R::SameAsFirstArg},
      {"tir.nearbyint", "nearbyint", 1, R::SameAsFirstArg},
      {"tir.pow", "pow", 2, R::SameAsFirstArg},
      {"tir.fmod", "fmod", 2, R::SameAsFirstArg},
      {"tir.copysign", "copysign", 2, R::SameAsFirstArg},
      {"tir.hypot", "hypot", 2, R::SameAsFirstArg},
      {"tir.atan2", "atan2", 2, R::SameAsFirstArg},
      {"tir.tanh", "tanh", 1, R::SameAsFirstArg},
      {"tir.sigmoid", "sigmoid", 1, R::SameAsFirstArg},
      {"tir.erf", "erf", 1, R::SameAsFirstArg},
      {"tir.sin", "sin", 1, R::SameAsFirstArg},
      {"tir.cos", "cos", 1, R::SameAsFirstArg},
      {"tir.tan", "tan", 1, R::SameAsFirstArg},
      {"tir.asin", "asin", 1, R::SameAsFirstArg},
      {"tir.acos", "acos", 1, R::SameAsFirstArg},
      {"tir.atan", "atan", 1, R::SameAsFirstArg},
      {"tir.sinh", "sinh", 1, R::SameAsFirstArg},
      {"tir.cosh", "cosh", 1, R::SameAsFirstArg},
      {"tir.isnan", "isnan", 1, R::BoolOfFirstArg},
      {"tir.isinf", "isinf", 1, R::BoolOfFirstArg},
      {"tir.isfinite", "isfinite", 1, R::BoolOfFirstArg},
      // tvm/tir/op.py builds these with an explicit dtype (call_intrin / call_extern); the
      // reader builds them as TVM does (builder_calls.cc), not through builtin_call.
      {"tir.reinterpret", "reinterpret", 1, R::ExplicitFirst},
      {"tir.call_extern", "call_extern", kVariadic, R::ExplicitFirst},
      {"tir.call_pure_extern", "call_pure_extern", kVariadic, R::ExplicitFirst},
      {"tir.assume", "assume", 1, R::Bool},
      {"tir.ldexp", "ldexp", 2, R::SameAsFirstArg},
      {"tir.nextafter", "nextafter", 2, R::SameAsFirstArg},
  };
  static const std::vector<BuiltinInfo> with_tvm_ones = [] {
    const DataType handle = DataType::Handle(), i32 = DataType::Int(32), b1 = DataType::Bool();
    const DataType u32 = DataType::UInt(32), void_t = DataType::Void();
    auto fixed = [](const char *op, const char *script, int arity, DataType t) {
      return BuiltinInfo{op, script, arity, R::Fixed, t, false};
    };
    auto derived = [](const char *op, const char *script, int arity, R r) {
      return BuiltinInfo{op, script, arity, r, {}, false};
    };
    std::vector<BuiltinInfo> t = table;
    const BuiltinInfo tvm_ones[] = {
        // Memory and values
        fixed("tir.address_of", "address_of", 1, handle),
        fixed("tir.undef", "undef", 0, i32),
        fixed("tir.clz", "clz", 1, i32),
        fixed("tir.vscale", "vscale", 0, i32),
        fixed("tir.isnullptr", "isnullptr", 1, b1),
        fixed("tir.ignore_loop_partition", "ignore_loop_partition", 1, b1),
        derived("tir.type_annotation", "type_annotation", 0, R::ExplicitFirst),
        fixed("tir.tvm_access_ptr", "tvm_access_ptr", 5, handle),
        fixed("tir.lookup_param", "lookup_param", 1, handle),
        fixed("tir.q_multiply_shift", "q_multiply_shift", 4, i32),
        fixed("tir.q_multiply_shift_per_axis", "q_multiply_shift_per_axis", 7, i32),
        fixed("tir.dp4a", "dp4a", 3, i32),
        derived("tir.get_active_lane_mask", "get_active_lane_mask", 2, R::ExplicitFirst),
        derived("tir.vectorlow", "vectorlow", 1, R::ExplicitFirst),
        derived("tir.vectorhigh", "vectorhigh", 1, R::ExplicitFirst),
        derived("tir.vectorcombine", "vectorcombine", 2, R::ExplicitFirst),
        derived("tir.call_llvm_intrin", "call_llvm_intrin", kVariadic, R::ExplicitFirst),
        derived("tir.call_llvm_pure_intrin", "call_llvm_pure_intrin", kVariadic, R::ExplicitFirst),
        // Threads and synchronisation
        fixed("tir.tvm_storage_sync", "tvm_storage_sync", kAnyArity, i32),
        fixed("tir.tvm_thread_allreduce", "tvm_thread_allreduce", kAnyArity, handle),
        derived("tir.tvm_thread_invariant", "tvm_thread_invariant", 1, R::SameAsFirstArg),
        derived("tir.tvm_thread_context", "tvm_thread_context", 1, R::SameAsFirstArg),
        derived("tir.tvm_warp_shuffle", "tvm_warp_shuffle", 5, R::SameAsSecondArg),
        derived("tir.tvm_warp_shuffle_up", "tvm_warp_shuffle_up", 5, R::SameAsSecondArg),
        derived("tir.tvm_warp_shuffle_down", "tvm_warp_shuffle_down", 5, R::SameAsSecondArg),
        fixed("tir.tvm_warp_activemask", "tvm_warp_activemask", 0, u32),
        // Tensor cores and asynchronous copies
        fixed("tir.tvm_load_matrix_sync", "tvm_load_matrix_sync", 8, handle),
        fixed("tir.tvm_store_matrix_sync", "tvm_store_matrix_sync", 8, handle),
        fixed("tir.tvm_mma_sync", "tvm_mma_sync", 8, handle),
        fixed("tir.tvm_bmma_sync", "tvm_bmma_sync", 8, handle),
        fixed("tir.tvm_fill_fragment", "tvm_fill_fragment", 6, handle),
        derived("tir.ptx_mma", "ptx_mma", kAnyArity, R::ExplicitFirst),
        derived("tir.ptx_mma_sp", "ptx_mma_sp", kAnyArity, R::ExplicitFirst),
        derived("tir.ptx_ldmatrix", "ptx_ldmatrix", 7, R::ExplicitFirst),
        derived("tir.ptx_cp_async", "ptx_cp_async", 5, R::ExplicitFirst),
        derived("tir.ptx_cp_async_bulk", "ptx_cp_async_bulk", 6, R::ExplicitFirst),
        derived("tir.mma_store", "mma_store", 6, R::ExplicitFirst),
        derived("tir.mma_fill", "mma_fill", 3, R::ExplicitFirst),
        fixed("tir.ptx_commit_group", "ptx_commit_group", 0, void_t),
        fixed("tir.ptx_wait_group", "ptx_wait_group", 1, void_t),
        fixed("tir.ptx_cp_async_barrier", "ptx_cp_async_barrier", 1, void_t),
        fixed("tir.ptx_init_barrier_thread_count", "ptx_init_barrier_thread_count", 2, void_t),
        fixed("tir.ptx_arrive_barrier", "ptx_arrive_barrier", 1, void_t),
        fixed("tir.ptx_arrive_barrier_expect_tx", "ptx_arrive_barrier_expect_tx", 2, void_t),
        fixed("tir.ptx_wait_barrier", "ptx_wait_barrier", 1, void_t),
        fixed("tir.create_barriers", "create_barriers", 1, void_t),
        // The packed-function calling convention and the runtime
        fixed("tir.tvm_call_packed", "call_packed", kAnyArity, i32),
        fixed("tir.tvm_call_cpacked", "call_cpacked", kAnyArity, i32),
        fixed("tir.tvm_call_packed_lowered", "call_packed_lowered", kAnyArity, i32),
        fixed("tir.tvm_call_cpacked_lowered", "call_cpacked_lowered", kAnyArity, i32),
        derived("tir.tvm_struct_get", "tvm_struct_get", 3, R::ExplicitLast),
        fixed("tir.tvm_struct_set", "tvm_struct_set", 4, i32),
        fixed("tir.tvm_stack_alloca", "tvm_stack_alloca", 2, handle),
        fixed("tir.tvm_stack_make_shape", "tvm_stack_make_shape", kAnyArity, handle),
        fixed("tir.tvm_stack_make_array", "tvm_stack_make_array", 6, handle),
        fixed("tir.tvm_tuple", "tvm_tuple", kAnyArity, handle),
        fixed("tir.tvm_throw_last_error", "tvm_throw_last_error", 0, handle),
        fixed("tir.tvm_check_return", "tvm_check_return", 3, i32),
        fixed("tir.TVMBackendAllocWorkspace", "TVMBackendAllocWorkspace", 5, handle),
        fixed("tir.TVMBackendFreeWorkspace", "TVMBackendFreeWorkspace", 3, i32),
        fixed("tir.start_profile_intrinsic", "start_profile_intrinsic", 1, handle),
        fixed("tir.end_profile_intrinsic", "end_profile_intrinsic", 1, handle),
    };
    t.insert(t.end(), std::begin(tvm_ones), std::end(tvm_ones));
    return t;
  }();
  return with_tvm_ones;
}

const BuiltinInfo *find_builtin_by_op(std::string_view op) {
  for (const auto &b : builtin_table())
    if (b.op == op)
      return &b;
  return nullptr;
}

const BuiltinInfo *find_builtin_by_script(std::string_view script_name) {
  for (const auto &b : builtin_table())
    if (b.script == script_name)
      return &b;
  return nullptr;
}

std::optional<DataType> builtin_result_dtype(const BuiltinInfo &info,
                                             const std::vector<PrimExpr> &args) {
  switch (info.result) {
  case BuiltinResult::SameAsFirstArg:
    if (args.empty())
      return std::nullopt;
    return args[0]->dtype;
  case BuiltinResult::SameAsSecondArg:
    if (args.size() < 2)
      return std::nullopt;
    return args[1]->dtype;
  case BuiltinResult::BoolOfFirstArg:
    if (args.empty())
      return std::nullopt;
    return DataType::Bool(args[0]->dtype.lanes);
  case BuiltinResult::Bool:
    return DataType::Bool();
  case BuiltinResult::Fixed:
    return info.fixed;
  case BuiltinResult::ExplicitFirst:
  case BuiltinResult::ExplicitLast:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace tirconf::ir
