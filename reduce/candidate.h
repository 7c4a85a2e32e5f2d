// What the reducer shrinks: a module, the function a finding calls, and the arguments of that
// call as a conformance file writes them. Candidates are values: every edit makes a new one and
// shares the unchanged subtrees of the old.
#pragma once

#include <string>
#include <vector>

#include "ir/module.h"
#include "runner/testfile.h"

namespace tirconf::reduce {

struct Candidate {
  ir::IRModule module;
  std::string func;
  std::vector<runner::Arg> args;
};

// The conformance file a candidate is judged as: front matter with `func`, `args` and the
// placeholder expectation below (whoever judges it runs the oracle), then the module. The text
// is the cache key.
std::string render(const Candidate &c);
inline constexpr const char *kExpectationPlaceholder = "expect:\n  unspecified: any\n";

// The `args:` block of front matter (each line indented two spaces, after "args:\n").
std::string args_yaml(const std::vector<runner::Arg> &args);

// Size measures for reports: IR nodes (expressions, statements, buffers and functions) and the
// lines of the printed module.
size_t ir_nodes(const ir::IRModule &m);
size_t program_lines(const ir::IRModule &m);

// The candidate with every statement tidied: no-op `T.evaluate(0)` removed from sequences,
// nested sequences flattened, a sequence of one statement replaced by it. Edits leave
// `T.evaluate(0)` where they delete a statement that is not in a sequence.
ir::IRModule tidy(const ir::IRModule &m);

// A function of the module with another body.
ir::PrimFunc with_body(const ir::PrimFuncNode &f, ir::Stmt body);
// The module with function `from` replaced by `to`.
ir::IRModule with_function(const ir::IRModule &m, const ir::PrimFuncNode *from, ir::PrimFunc to);

} // namespace tirconf::reduce
