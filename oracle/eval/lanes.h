// Lane-wise application of the binary operators and comparisons ("Evaluating PrimExprs / 13, 16")
// to already-evaluated operands: each lane goes to the oracle's arithmetic in oracle/numeric/, and
// the first faulting lane ends the run (numeric::to_outcome: divide-by-zero error, INT_MIN / -1
// overflow, NaN in Min/Max). Nothing here does arithmetic itself.
#pragma once

#include "ir/expr.h"
#include "oracle/eval/machine.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

// One lane of Add .. Max on element type e (Int, UInt, Float or BFloat); a faulting lane ends
// the run.
uint64_t arith_lane(Machine &m, ir::ExprKind k, ir::DataType e, uint64_t a, uint64_t b,
                    ir::SourceLoc l);
// One lane of EQ .. GT: 1 or 0.
uint64_t compare_lane(ir::ExprKind k, ir::DataType e, uint64_t a, uint64_t b);

// Add .. Max on two values of one dtype; the result has that dtype.
runtime::Value apply_arith(Machine &m, ir::ExprKind k, const runtime::Value &a,
                           const runtime::Value &b, ir::SourceLoc l);
// EQ .. GT on two values of one dtype; the result is bool with their lanes.
runtime::Value apply_compare(Machine &m, ir::ExprKind k, const runtime::Value &a,
                             const runtime::Value &b, ir::SourceLoc l);

} // namespace tirconf::oracle::eval
