// The rewrite-rule catalog (spec/rewrites/*.yaml, described in spec/rewrites/README.md): each rule
// rewrites `lhs` to `rhs` when its side condition holds, and claims to be valid (or, for rules
// kept to show that wrong rules are caught, invalid) at a list of widths: TIR integer dtypes
// (int8 .. int64, uint8 .. uint64) with their wrapping semantics, or `unbounded` for the
// mathematical integers. The prover (prover/) checks the claims with Z3; the simplifier
// (oracle/arith/simplify.h) applies, at a dtype, only the rules claimed valid at that dtype.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ir/dtype.h"
#include "oracle/arith/pattern.h"

namespace tirconf::oracle::arith {

// A width rules are claimed at and proved at: a scalar integer dtype, or the unbounded integers.
struct Width {
  bool unbounded = true;
  ir::DataType dtype = ir::DataType::Int(64); // when !unbounded

  static Width integers() { return {}; }
  static Width of(ir::DataType t) { return {false, t}; }
  friend bool operator==(const Width &a, const Width &b) {
    return a.unbounded == b.unbounded && (a.unbounded || a.dtype == b.dtype);
  }
};
std::string to_string(const Width &w); // "unbounded", "int32", ...
// "unbounded" or a scalar Int/UInt dtype of 8, 16, 32 or 64 bits.
std::optional<Width> parse_width(std::string_view s);

enum class Claim { Valid, Invalid };

struct RewriteRule {
  std::string id;                              // rw.<family>.<name>; stable, unique across files
  PatRef lhs, rhs;                             // same type (integer or boolean)
  PatRef cond;                                 // null: always
  std::vector<std::pair<Width, Claim>> claims; // in the order written
  std::string from; // provenance: the spec section, TVM or Halide source it states
  std::string note; // optional: why it is (in)valid, where it breaks
  std::vector<std::string> bool_vars; // pattern variables of type bool (Select conditions, ...)
  std::string file;                   // as given to the loader, e.g. "spec/rewrites/floordiv.yaml"
  int line = 0;                       // 1-based position of the rule's mapping

  std::optional<Claim> claim_at(const Width &w) const;
  bool is_bool_var(std::string_view v) const;
  bool bool_valued() const { return lhs->is_bool_valued(); }
};

// A malformed rule file: `file:line:col: error: message`.
struct RuleDiagnostic {
  std::string file;
  int line = 0, col = 0; // 1-based
  std::string message;
};
std::string format(const RuleDiagnostic &d);

class RuleSet {
public:
  // The catalog spec/rewrites/*.yaml compiled into this binary (parsed once; throws
  // std::logic_error if the embedded files are malformed, which the build's tests rule out).
  static const RuleSet &builtin();

  // Parses (file name, YAML text) pairs. Every problem found is appended to `diagnostics`; the
  // rules that parsed cleanly are kept.
  static RuleSet parse(const std::vector<std::pair<std::string, std::string>> &files,
                       std::vector<RuleDiagnostic> &diagnostics);

  const std::vector<RewriteRule> &rules() const { return rules_; }
  const RewriteRule *find(std::string_view id) const;

private:
  std::vector<RewriteRule> rules_; // in file order, files in the order given
};

// The embedded catalog's files, as (repository-relative path, text), sorted by name.
const std::vector<std::pair<std::string, std::string>> &embedded_rewrite_files();

} // namespace tirconf::oracle::arith
