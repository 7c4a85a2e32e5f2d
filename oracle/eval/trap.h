// How a run stops early. A Trap carries the run's final outcome (error, unspecified, or invalid
// for what the checker should have rejected) and unwinds every frame; a ReturnSignal is tir.ret
// unwinding the current PrimFunc only (builtin.ret). Both are exceptions because either can
// start at any depth of statements and expressions.
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

[[noreturn]] void trap_error(runtime::ErrorClass c, std::string message, std::string_view rule,
                             runtime::Location where);
[[noreturn]] void trap_unspecified(runtime::UnspecifiedClass c, std::string_view rule,
                                   runtime::Location where, std::string detail);
// Something the type checker promised cannot happen did (an oracle or checker bug): the run ends
// as invalid with a diagnostic naming `rule`, never with a crash.
[[noreturn]] void trap_invalid(std::string_view rule, runtime::Location where, std::string message);

} // namespace tirconf::oracle::eval
