// Pipeline bisection: a program on which an implementation's compiled code and the oracle
// disagree (a `tirconf diff` finding) is validated through the implementation's own lowering
// pipeline, pass by pass, starting with the finding's arguments. The first pass that changes the
// outcome is where the bug is; if every pass the oracle can run preserves it, the bug is after
// the last of them: in the passes the oracle cannot follow, or in code generation.
#pragma once

#include <string>

#include "validate/validation.h"

namespace tirconf::validate {

struct Localization {
  bool ok = false;        // false: the pipeline could not be run (`conclusion` says why)
  std::string where;      // "pass Simplify", "after MergeSharedMemoryAllocations", ...
  std::string conclusion; // one line
  Validation validation;
};

// `text` is the finding's file (`path` names it): its cases' arguments are tried first.
Localization localize(Transformer &impl, const std::string &path, const std::string &text,
                      ValidationOptions options);

// The one-line conclusion of a pipeline's validation.
std::string localization_of(const Validation &v, std::string *where = nullptr);

// The arguments of a conformance file's cases (none for a plain program), for
// EquivalenceOptions::given_arguments.
std::vector<std::vector<runner::Arg>> file_arguments(const std::string &path,
                                                     const std::string &text);

} // namespace tirconf::validate
