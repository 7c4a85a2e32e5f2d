// The identity of a finding, so that the hundred programs that show one bug count as one: the
// kind of nonconformance, the implementation (and its version), and a normalised description of
// the difference in which the numbers and names that vary from program to program are replaced
// by placeholders. `tirconf diff` records it with each finding, `tirconf conform` with each
// failure, `tirconf reduce` keeps a candidate only if it still has the finding's signature.
//
// Kinds and what their description holds:
//   wrong-value      the buffer element's or return value's dtype ("int32 buffer element")
//   wrong-error      the two outcomes ("expected ok, got error divide-by-zero")
//   crash            the signal or exit code, and the normalised message
//   timeout          nothing more
//   rejected         the stage and the implementation's normalised message
//   accepted-invalid the outcome the implementation reached instead of rejecting
//   oracle-bug       the rule the oracle's evaluator names
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "runtime/outcome.h"

namespace tirconf::runner {

struct Signature {
  std::string kind;
  std::string implementation;
  std::string version; // recorded, not compared: the same bug in two releases is one finding
  std::string description;

  // "kind | implementation | description".
  std::string text() const;
  // A file name for the finding: kind, implementation, the description's first words and a hash
  // of the whole text, e.g. "rejected-tvm-build-cannot-make-const-for-type-handle-1c9a0f4e".
  std::string slug() const;
  bool operator==(const Signature &o) const {
    return kind == o.kind && implementation == o.implementation && description == o.description;
  }
};

// The signature of `actual`, what `implementation` did where `expected` was the reference's
// outcome. `mismatch` is what compare_outcomes found; a crash, a timeout or a rejection is a
// finding whatever it says, otherwise none means the two agree, and so does the returned
// signature's empty kind.
Signature signature_of(std::string implementation, std::string version,
                       const runtime::Outcome &expected, const runtime::Outcome &actual,
                       const std::optional<runtime::OutcomeMismatch> &mismatch);

// A message with what varies between programs replaced: numbers become N, quoted text '_',
// paths PATH, hexadecimal addresses ADDR; only its first meaningful line is kept, whitespace is
// collapsed and it is cut at 160 characters.
std::string normalise_message(std::string_view message);

} // namespace tirconf::runner
