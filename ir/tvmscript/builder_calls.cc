// The T.* functions: one table from name to handler, put together from the groups of
// builder_calls_*.cc (builder_calls.h says which file holds which group), and the calls of the
// module's own PrimFuncs.
#include <stdexcept>
#include <unordered_map>

#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

using CallTable = std::unordered_map<std::string_view, CallHandler>;

const CallTable &call_table() {
  static const CallTable table = [] {
    CallTable t;
    for (auto group : {function_calls(), loop_calls(), statement_calls(), block_calls(),
                       axis_calls(), buffer_calls(), dtype_calls(), expr_node_calls(), cast_calls(),
                       operator_calls(), intrinsic_calls(), object_calls()})
      for (const CallEntry &e : group)
        if (!t.emplace(e.name, e.handler).second)
          throw std::logic_error("T." + std::string(e.name) + " is in two call groups");
    return t;
  }();
  return table;
}

} // namespace

Value Builder::call_tir(const std::string &fn, CallArgs &args, const NameHints *names) {
  CallSite c{*this, fn, args, names, args.loc};
  // Every dtype spelling is a constructor (T.int32, T.float16x4, T.boolean), too many to list.
  if (auto dt = dtype_from_name(fn))
    return scalar_constructor(c, *dt);
  const CallTable &table = call_table();
  if (auto it = table.find(fn); it != table.end())
    return it->second(c);
  // The rest of the builtins catalog (T.sqrt, T.bitwise_and, ...) is one family.
  if (const BuiltinInfo *info = find_builtin_by_script(fn))
    return info->in_spec ? catalog_builtin(c, *info) : tvm_builtin(c, *info);
  fail(args.loc, "T." + fn + " is not supported by this TVMScript reader");
}

Value Builder::call_global(const Value &callee, CallArgs &args) {
  // GlobalVar.__call__ -> tvm.tir.call_tir: Call(ret dtype or void, GlobalVar, args).
  if (!args.kwargs.empty())
    fail(args.loc, "keyword arguments are not supported in a call of a PrimFunc");
  std::vector<PrimExpr> a;
  for (const Value &v : args.args) {
    if (!v.is_number() && !v.is_prim_like())
      fail(loc_of(v, args.loc),
           std::string("a PrimFunc can only be called with PrimExpr arguments, got ") +
               kind_name(v.kind));
    a.push_back(to_prim(v, loc_of(v, args.loc)));
  }
  DataType t = callee.gv_dtype ? *callee.gv_dtype : DataType::Void();
  return Value::of(std::make_shared<CallNode>(t, std::string(), callee.gv, std::move(a), args.loc),
                   args.loc);
}

} // namespace tirconf::ir::script
