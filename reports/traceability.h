// Where each catalog rule is implemented and tested: the implementing sites found in the code at
// build time, the conformance files citing it, the unit tests citing it; and citations of IDs the
// catalog lacks. `tirconf rules` prints it; `tirconf report` builds on it.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace tirconf::report {

struct Traceability {
  // Rule ID -> "file:line" (sites, unit tests) or a corpus file's path (tests), repository-relative
  // where inside the repository.
  std::map<std::string, std::vector<std::string>> sites, tests, unit_tests;
  // "ID (cited at WHERE)" / "ID (cited by WHERE)" for every ID the catalog does not have.
  std::vector<std::string> unknown_ids;
  // Corpus files that could not be read or listed, as the runner words it.
  std::vector<std::string> errors;
};

// `source_dir` is the repository root paths are made relative to.
Traceability collect_traceability(const std::string &corpus_dir, const std::string &source_dir);

} // namespace tirconf::report
