// Generated programs as files: the conformance test format (corpus/FORMAT.md) with the
// arguments in the front matter, or a plain TVMScript file plus its arguments as a
// `tirconf run --args` document when there is no expectation yet.
#pragma once

#include <string>
#include <vector>

#include "generators/program_gen.h"

namespace tirconf::gen {

// The `args:` mapping's entries, one per line, each indented by `indent` spaces.
std::string args_yaml(const std::vector<ArgSpec> &args, int indent);
// The same arguments as a JSON object (what `tirconf run --args FILE.json` reads).
std::string args_json(const std::vector<ArgSpec> &args);

// The program as a conformance file: front matter with `description`, `func`, `args` and the
// given `expect_yaml` (the `expect:` block, without trailing newline handling needed).
std::string conformance_file(const GeneratedProgram &g, const std::string &description,
                             const std::string &expect_yaml);
// The program alone: TVMScript that `tirconf check` and `tirconf run` read, with a leading
// comment saying where it came from.
std::string plain_file(const GeneratedProgram &g, const std::string &description);

} // namespace tirconf::gen
