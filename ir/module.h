// PrimFunc, GlobalVar and IRModule: "Program Organization".
#pragma once

#include <optional>

#include "ir/stmt.h"

namespace tirconf::ir {

struct GlobalVarNode {
  std::string name_hint;
  SourceLoc loc;
};

struct PrimFuncNode {
  std::vector<Var> params;
  Stmt body;
  std::optional<Type> ret_type;                   // unset: TupleType([])
  std::vector<std::pair<Var, Buffer>> buffer_map; // in parameter order
  Annotations attrs;
  SourceLoc loc;

  Buffer buffer_for(const Var &param) const; // null if param is not a buffer parameter
  // The name callers use for a parameter: a buffer parameter's buffer name (`A` in
  // `A: T.Buffer(...)`, whose handle Var the reader names `A_handle`), else the Var's name.
  const std::string &arg_name(const Var &param) const;
  // The parameter called `name` by arg_name or by its Var's own name; null if none.
  Var param_named(std::string_view name) const;
};
using PrimFunc = Ref<PrimFuncNode>;

struct IRModuleNode {
  std::string name = "Module"; // class name in TVMScript
  bool is_module = true;       // false: a single bare @T.prim_func
  std::vector<std::pair<GlobalVar, PrimFunc>> functions;
  SourceLoc loc;

  PrimFunc lookup(std::string_view name) const;
  GlobalVar global_var(std::string_view name) const;
};
using IRModule = Ref<IRModuleNode>;

} // namespace tirconf::ir
