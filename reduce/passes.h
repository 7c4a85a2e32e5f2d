// The reducer's passes: each makes a candidate smaller in one way at one of its sites (see
// site_walk.h), or says the candidate has no such site. A pass only has to make something
// smaller or simpler; whether the result is still a valid program that shows the finding is the
// judge's question (judge.h), asked of every candidate.
#pragma once

#include <optional>
#include <span>

#include "reduce/candidate.h"

namespace tirconf::reduce {

struct Pass {
  const char *name;
  const char *what; // one line, for reports
  std::optional<Candidate> (*apply)(const Candidate &c, size_t site);
};

// In the order the reducer tries them, as C-Reduce schedules its passes: whole functions and
// statements first (big, cheap cuts), then loops and blocks, then expressions, then constants
// and arguments (tidying).
std::span<const Pass> passes();

// The passes, each defined in the file named.
std::optional<Candidate> drop_function(const Candidate &c, size_t site);    // module_edits.cc
std::optional<Candidate> delete_statement(const Candidate &c, size_t site); // stmt_edits.cc
std::optional<Candidate> unwrap_statement(const Candidate &c, size_t site); // stmt_edits.cc
std::optional<Candidate> simplify_loop(const Candidate &c, size_t site);    // stmt_edits.cc
std::optional<Candidate> simplify_block(const Candidate &c, size_t site);   // stmt_edits.cc
std::optional<Candidate> to_operand(const Candidate &c, size_t site);       // expr_edits.cc
std::optional<Candidate> to_constant(const Candidate &c, size_t site);      // expr_edits.cc
std::optional<Candidate> smaller_constant(const Candidate &c, size_t site); // expr_edits.cc
// observed_value.cc: a site where the expression is not evaluated gives the candidate unchanged.
std::optional<Candidate> to_observed_value(const Candidate &c, size_t site);
std::optional<Candidate> drop_parameter(const Candidate &c, size_t site);      // module_edits.cc
std::optional<Candidate> shrink_buffer(const Candidate &c, size_t site);       // module_edits.cc
std::optional<Candidate> drop_unit_dimension(const Candidate &c, size_t site); // module_edits.cc
std::optional<Candidate> drop_return(const Candidate &c, size_t site);         // module_edits.cc
std::optional<Candidate> zero_argument(const Candidate &c, size_t site);       // module_edits.cc

} // namespace tirconf::reduce
