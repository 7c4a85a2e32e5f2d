// What one lane of an operation yields: a bit pattern (runtime/value.h's lane encoding) or a
// typed reason why the spec gives it no value, as YARPGen's UBKind. The evaluator applies these
// lane functions lane by lane (sem.expr.binary) and turns the first fault into an Outcome.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/outcome.h"

namespace tirconf::oracle::numeric {

enum class Fault : uint8_t {
  None,
  DivideByZero,      // error divide-by-zero: integer Div/Mod/FloorDiv/FloorMod by 0
  IntMinDivOverflow, // unspecified overflow: INT_MIN / -1 and its Mod/FloorDiv/FloorMod
  ShiftAmount,       // unspecified overflow: shift by a negative amount or >= bits
  FloatToIntRange,   // unspecified overflow: float -> int of NaN, inf or out-of-range value
  FloatMinMaxNaN,    // unspecified ambiguous: float Min/Max of a NaN, or of +0.0 and -0.0
  CastToHandle,      // unspecified any: a nonzero (or vector) integer cast to a Handle
};

struct LaneResult {
  uint64_t bits = 0; // the lane's pattern; 0 when faulted
  Fault fault = Fault::None;
  std::string_view rule; // the catalog rule that decided the fault ("" when none)

  bool ok() const { return fault == Fault::None; }
  static LaneResult value(uint64_t bits) { return {bits, Fault::None, {}}; }
  static LaneResult fail(Fault f, std::string_view rule) { return {0, f, rule}; }
};

// Comparison operators, in the spec's order (Evaluating PrimExprs / 16).
enum class CmpOp : uint8_t { EQ, NE, LT, LE, GE, GT };

// The fixed short message for a fault ("integer divide by zero").
std::string_view fault_message(Fault f);

// The outcome a fault ends a run with: DivideByZero is an error, the others unspecified with the
// class the catalog gives their rule. `detail` says what happened ("int32 -2147483648 / -1").
runtime::Outcome to_outcome(const LaneResult &r, runtime::Location where, std::string detail = {});

} // namespace tirconf::oracle::numeric
