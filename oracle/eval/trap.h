// How a run stops early. A Trap carries the run's final outcome (error or unspecified) and
// unwinds every frame; a ReturnSignal is tir.ret unwinding the current PrimFunc only
// (builtin.ret); an OracleBug is the oracle contradicting itself. All are exceptions because
// each can start at any depth of statements and expressions.
#pragma once

#include <string>
#include <string_view>

#include "runtime/outcome.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

struct Trap {
  runtime::Outcome outcome;
};

struct ReturnSignal {
  runtime::Value value;
};

// Not a Trap: code that catches Traps to reinterpret an outcome (a vector logical's skipped
// lanes, tir.assume's side evaluation, parallel iterations) must never turn an oracle bug into
// an ordinary outcome. run() alone catches it. Its outcome is an internal error.
struct OracleBug {
  runtime::Outcome outcome;
};

[[noreturn]] void trap_error(runtime::ErrorClass c, std::string message, std::string_view rule,
                             runtime::Location where);
[[noreturn]] void trap_unspecified(runtime::UnspecifiedClass c, std::string_view rule,
                                   runtime::Location where, std::string detail);
// Something the type checker promised cannot happen did: the checker missed a violation of
// `rule`, or the evaluator is wrong. Throws an OracleBug, so that the run ends as an internal
// error naming `rule` and `where` (never as invalid, and never with a crash).
[[noreturn]] void trap_invalid(std::string_view rule, runtime::Location where, std::string message);

} // namespace tirconf::oracle::eval
