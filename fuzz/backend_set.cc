#include "fuzz/backend_set.h"

#include <algorithm>
#include <sstream>

#include "backends/registry.h"

namespace tirconf::fuzz {

BackendSet backend_set(const std::string &comma_separated) {
  BackendSet set;
  std::vector<std::string> names;
  std::stringstream ss(comma_separated);
  for (std::string n; std::getline(ss, n, ',');)
    if (!n.empty())
      names.push_back(n);
  if (names.empty() || names.front() != "oracle") {
    set.error = "--backends must start with oracle (the reference), e.g. oracle,llvm-O0,llvm-O2";
    return set;
  }
  for (size_t i = 1; i < names.size(); ++i) {
    const backends::BackendInfo *info = backends::find_backend(names[i]);
    if (!info) {
      set.error = "unknown backend '" + names[i] + "'";
      return set;
    }
    auto b = backends::make_backend(names[i]);
    if (!b) {
      set.not_built.push_back(names[i] + ": " + info->not_built);
      continue;
    }
    if (auto why = b->unavailable()) {
      set.not_built.push_back(names[i] + ": " + *why);
      continue;
    }
    intersect(set.common, b->capabilities());
    set.compared.push_back(names[i]);
  }
  return set;
}

void intersect(backends::Capabilities &all, const backends::Capabilities &c) {
  all.float16 &= c.float16;
  all.bfloat16 &= c.bfloat16;
  all.vectors &= c.vectors;
  all.max_lanes = std::min(all.max_lanes, c.max_lanes);
  all.calls &= c.calls;
  all.recursion &= c.recursion;
  all.parallel &= c.parallel;
  all.approx_math &= c.approx_math;
  all.unsupported_statements.insert(all.unsupported_statements.end(),
                                    c.unsupported_statements.begin(),
                                    c.unsupported_statements.end());
}

gen::Profile narrow(gen::Profile p, const backends::Capabilities &c) {
  if (!c.vectors) {
    p.features.vectors = false;
    p.features.vector_dtype_buffers = false;
  }
  std::vector<int> lanes;
  for (int l : p.limits.lanes)
    if (l <= c.max_lanes)
      lanes.push_back(l);
  if (!lanes.empty())
    p.limits.lanes = lanes;
  if (!c.calls)
    p.features.calls = false;
  if (!c.calls || !c.recursion)
    p.features.recursion = false;
  if (!c.parallel) {
    p.features.threads = false;
    p.for_kind[static_cast<size_t>(gen::ForKindChoice::Parallel)] = 0;
    p.for_kind[static_cast<size_t>(gen::ForKindChoice::ThreadBinding)] = 0;
  }
  if (!c.approx_math)
    p.features.approx_math = false;
  if (!c.float16)
    p.dtype[static_cast<size_t>(gen::DtypeChoice::Float16)] = 0;
  if (!c.bfloat16)
    p.dtype[static_cast<size_t>(gen::DtypeChoice::BFloat16)] = 0;
  // Statement kinds a backend declares it does not run, by their TVM node names.
  static const std::pair<const char *, gen::StmtChoice> kStatementNodes[] = {
      {"tir.BufferRealize", gen::StmtChoice::Realize},
      {"tir.While", gen::StmtChoice::While},
      {"tir.AssertStmt", gen::StmtChoice::Assert},
      {"tir.LetStmt", gen::StmtChoice::Let},
      {"tir.Allocate", gen::StmtChoice::Allocate},
      {"tir.DeclBuffer", gen::StmtChoice::DeclBuffer},
      {"tir.AttrStmt", gen::StmtChoice::Attr},
      {"tir.IfThenElse", gen::StmtChoice::If},
      {"tir.Evaluate", gen::StmtChoice::Evaluate},
  };
  for (const auto &name : c.unsupported_statements)
    for (const auto &[node, choice] : kStatementNodes)
      if (name == node)
        p.stmt[static_cast<size_t>(choice)] = 0;
  return p;
}

} // namespace tirconf::fuzz
