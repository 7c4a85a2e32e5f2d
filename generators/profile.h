// Generation policy as data (YARPGen's GenPolicy, wasmtime's generator config): limits, weights
// per construct and per dtype, and feature switches, read from YAML (generators/profiles/*.yaml).
// A campaign aims at one area by raising weights; a backend narrows the default profile to what
// it supports by switching features off. Every field has a default, so a profile file lists
// only what it changes; unknown keys are errors, so a misspelt key never silently does nothing.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/dtype.h"

namespace tirconf::gen {

// Statement constructs, in the order a draw of 0 prefers (simplest first).
enum class StmtChoice : uint8_t {
  Store,
  Loop,
  If,
  Let,
  Assert,
  Evaluate,
  While,
  Block,
  Reduction,
  Allocate,
  DeclBuffer,
  Realize,
  Attr,
  LaunchThread,
  Call,
  Return,
  GpuKernel,
  kCount
};
// Expression constructs, simplest first.
enum class ExprChoice : uint8_t {
  Const,
  Var,
  Load,
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  FloorDiv,
  FloorMod,
  Min,
  Max,
  Compare,
  And,
  Or,
  Not,
  Select,
  Cast,
  Let,
  Broadcast,
  Ramp,
  Shuffle,
  Builtin,
  Call,
  kCount
};
// Builtin groups (spec/rules/builtins.yaml), simplest first.
enum class BuiltinChoice : uint8_t {
  IfThenElse,
  Likely,
  Bitwise,
  Shift,
  Popcount,
  ExactMath,
  ApproxMath,
  Classify,
  Reinterpret,
  Ldexp,
  kCount
};
enum class ForKindChoice : uint8_t {
  Serial,
  Parallel,
  Vectorized,
  Unrolled,
  ThreadBinding,
  kCount
};
// Element types, in the spec's order.
enum class DtypeChoice : uint8_t {
  Int32,
  Int8,
  Int16,
  Int64,
  UInt8,
  UInt16,
  UInt32,
  UInt64,
  Bool,
  Float32,
  Float16,
  Float64,
  BFloat16,
  kCount
};

// The alternatives of the generators' other many-way decisions (profiles/default.yaml says what
// each is for). A draw of 0 picks the first alternative with a positive weight.
enum class FunctionStyle : uint8_t { Blocks, Lowered, Both, kCount };  // main's statements
enum class HelperKind : uint8_t { Scalar, Recursive, Buffer, kCount }; // helper PrimFuncs
enum class IndexSource : uint8_t { Variable, VariablePlusOne, Constant, Wrapped, kCount };
enum class FillLoopKind : uint8_t { Parallel, Vectorized, Serial, kCount }; // scratch fill nests
enum class DivisorRepair : uint8_t { Constant, Max, Select, kCount };
enum class EvaluateKind : uint8_t { Note, NullHandle, Assume, Expression, kCount };
enum class ReductionOp : uint8_t { Add, Mul, Max, Min, kCount };

// Relative weights, one per enumerator (a distinct type per enum, so E can be deduced).
template <class E> struct Weights : std::array<int, static_cast<size_t>(E::kCount)> {};

std::string_view name_of(StmtChoice c);
std::string_view name_of(ExprChoice c);
std::string_view name_of(BuiltinChoice c);
std::string_view name_of(ForKindChoice c);
std::string_view name_of(DtypeChoice c);
ir::DataType dtype_of(DtypeChoice c);

// The math builtins the generators call, by group and arity, named without "tir.".
extern const std::vector<std::string_view> kExactMathUnary, kExactMathBinary, kApproxMathUnary,
    kApproxMathBinary;

struct Limits {
  int functions = 3;                  // PrimFuncs per module, main included
  int buffer_params = 3;              // buffer parameters of main
  int scalar_params = 2;              // scalar parameters of main
  int buffer_dims = 3;                // dimensions of a buffer
  int buffer_elements = 256;          // elements of one buffer (input size, and oracle memory)
  int statements = 4;                 // statements in one sequence
  int stmt_depth = 4;                 // nesting of compound statements
  int expr_depth = 3;                 // nesting of expressions
  int loop_extent = 16;               // extent of a generated loop (keeps oracle runs short)
  int loop_nest = 3;                  // loops in one generated nest
  int work = 3000;                    // estimated statements executed per call of main
  int symbolic_extent = 12;           // largest value chosen for a symbolic shape Var
  int while_trips = 6;                // iterations of a generated While
  int recursion_depth = 5;            // depth of a generated recursive call chain
  std::vector<int> lanes = {2, 4, 8}; // vector widths (1..64 each)
};

struct Features {
  bool floats = true;               // Float/BFloat dtypes at all
  bool vectors = true;              // vector dtypes, Ramp/Broadcast/Shuffle, vector loads/stores
  bool vector_dtype_buffers = true; // buffers whose element type is a vector (float32x4)
  bool symbolic_shapes = true;      // buffer shapes bound from arguments
  bool calls = true;                // several PrimFuncs calling each other
  bool recursion = true;            // a PrimFunc calling itself (bounded)
  bool threads = true;              // thread_binding loops and launch_thread (GPU-style)
  bool float_specials = true;       // NaN, +-inf and subnormals in inputs and literals
  bool approx_math = true;          // math builtins compared within a ULP bound (exp, sin, ...)
  bool returns = true;              // main returning a value with T.ret
  bool int64_indices = true;        // int64 loops, shapes and indices (as Relax makes them)
  // Apache TVM's build takes less than the spec allows; each switch turns one such construct off.
  bool float_floor_division = true;  // FloorDiv/FloorMod of floats (TVM lowers integers only)
  bool nested_parallel = true;       // a parallel (vectorized) loop inside another parallel
                                     // (vectorized) loop (TVM's threadpool and vectorizer refuse)
  bool stores_outside_blocks = true; // a function with blocks also stores outside them (root
                                     // alloc_buffer fills, loose stores); TVM users' compute
                                     // definitions store inside blocks only
  bool dependent_block_instances = true; // a block instance may read or write what another
                                         // instance of the block (other spatial iter values)
                                         // writes; TVM's TensorIR promises they are independent
                                         // (reading block-instances=independent)
  bool nested_kernels = true; // a GPU kernel may start inside ifs, serial loops and helper
                              // PrimFuncs; off: only among main's top-level statements, where
                              // a CUDA host launches kernels
  bool wrapping_casts = true; // integer casts of values the target type cannot hold, and
                              // float-to-bool casts (TVM folds a cast of a constant into a
                              // literal of the target type, which must be in its range)
};

// How often each yes/no decision of the generators goes the way its name says, in percent:
// 0 never, 100 always where the construct is possible. profiles/default.yaml sets every one and
// says why its value is what it is; the file that decides is named in brackets.
struct Chances {
  static constexpr int kUnset = -1; // not set by default.yaml (an error when it loads)

  // A module and main's signature [program_gen.cc]
  int helper_has_body = kUnset;         // a scalar helper runs statements before its return
  int main_int64_indices = kUnset;      // main's loops, shapes and indices are int64
  int main_symbolic_shapes = kUnset;    // main has shape Vars bound from its arguments
  int shape_var_is_param = kUnset;      // a shape Var is also a scalar parameter of main
  int vector_dtype_buffer = kUnset;     // a buffer parameter's element type is a vector
  int zero_dim_buffer = kUnset;         // a buffer parameter has no dimensions
  int symbolic_dim = kUnset;            // a dimension of a buffer parameter is a shape Var
  int main_returns_value = kUnset;      // main returns a value (T.ret)
  int root_alloc_buffers = kUnset;      // main with blocks allocates buffers in its root block
  int dim_reuses_extent = kUnset;       // a buffer parameter's dimension repeats an earlier extent
  int standalone_vector_dtype = kUnset; // a standalone expression (RapidCheck) is a vector
  // Statements [stmt_gen.cc]
  int scope_statement = kUnset;    // a statement opens a scope over the rest of its sequence
  int vector_store = kUnset;       // a store writes several lanes (a Ramp index)
  int else_branch = kUnset;        // an if has an else branch
  int volatile_scope_let = kUnset; // a LetStmt sits in an AttrStmt "volatile_scope"
  // Scratch buffers [scratch_gen.cc]
  int scratch_symbolic_dim = kUnset;    // a dimension of a scratch buffer is a shape Var
  int allocate_pointer_alias = kUnset;  // an allocation is also reached through a second pointer
  int pointer_alias_direct = kUnset;    // that pointer is the first one itself, not a handle cast
  int allocate_condition_true = kUnset; // an allocate's condition is the literal True
  // Loops and parallel regions [loop_gen.cc]
  int region_buffer_read_only = kUnset; // a writable buffer stays read-only in a parallel region
  int slice_width_one = kUnset;         // an iteration's slice of a buffer is one element wide
  int slice_offset_zero = kUnset;       // that slice starts at the dimension's start
  int loop_nest_over_buffer = kUnset;   // a loop nest walks the shape of a buffer
  int loop_extent_from_buffer = kUnset; // a level of such a nest takes the dimension's extent
  int loop_nonzero_min = kUnset;        // a loop starts above zero
  // GPU kernels [gpu_gen.cc]
  int kernel_reduces = kUnset; // a kernel reduces its shared buffer across the threads
  // Blocks [block_gen.cc]
  int block_without_target = kUnset;       // a block stage computes no particular buffer
  int block_loop_split = kUnset;           // a block's loop is split, bound as i * f + j
  int block_match_buffer = kUnset;         // a block matches a region (T.match_buffer)
  int match_buffer_drop_unit_dim = kUnset; // a leading unit dimension leaves the match's shape
  int block_alloc_buffer = kUnset;         // a block allocates a buffer (T.alloc_buffer)
  int block_predicate = kUnset;            // a block has a predicate (T.where)
  int reduce_extent_from_buffer = kUnset;  // a reduction axis spans a dimension of an input
  // Expressions [expr_gen.cc]
  int literal_edge = kUnset;            // a constant is an edge value of its dtype
  int bool_logical = kUnset;            // a bool expression is a comparison or and/or/not
  int select_vector_condition = kUnset; // a vector Select has a vector condition
  int cast_redraw_same_type = kUnset;   // a cast from its own type draws the source again
  int shuffle_two_vectors = kUnset;     // a Shuffle reads two vectors rather than one
  int shift_left = kUnset;              // a shift is a left shift
  int exact_math_unary = kUnset;        // an exactly rounded math builtin is a unary one
  int approx_math_unary = kUnset;       // a ULP-bounded math builtin is a unary one
  int ldexp_vector_exponent = kUnset;   // a vector ldexp has a vector exponent
  int true_condition_upper = kUnset;    // a condition known to hold is `x <= hi`, not `x >= lo`
  // Repairs of operations the facts do not prove safe [expr_repair.cc]
  int negative_constant_divisor = kUnset;   // a constant divisor is negative
  int float_to_int_from_small_int = kUnset; // a float cast to an integer is rebuilt, not guarded
  int shift_amount_mask = kUnset;           // a shift amount is masked, not taken modulo
  // Buffer accesses [access_gen.cc]
  int index_clamp = kUnset;     // an index wrapped into range is clamped, not taken modulo
  int ramp_stride_one = kUnset; // a vector access has stride 1, not 2
  // Values of literals and arguments [literals.cc]
  int small_int = kUnset;             // a non-edge integer is small, in [-16, 16]
  int float_small_integer = kUnset;   // a non-edge float is a small integer
  int float_binary_fraction = kUnset; // a short decimal is d / 2^k, not d / 10^k
};

struct InputPolicy {
  int edge_percent = 30; // how often an argument element is an edge value (0, +-1, min, max, ...)
};

struct Profile {
  std::string name = "default";
  Limits limits;
  Features features;
  InputPolicy inputs;
  Weights<StmtChoice> stmt{};
  Weights<ExprChoice> expr{};
  Weights<BuiltinChoice> builtin{};
  Weights<ForKindChoice> for_kind{};
  Weights<DtypeChoice> dtype{};
  Weights<FunctionStyle> function_style{};
  Weights<HelperKind> helper_kind{};
  Weights<IndexSource> index_source{};
  Weights<FillLoopKind> fill_loop_kind{};
  Weights<DivisorRepair> divisor_repair{};
  Weights<EvaluateKind> evaluate_kind{};
  Weights<ReductionOp> reduction_op{};
  Chances chances;
  // Math builtins (of the exact_math and approx_math groups, named without "tir.") never
  // generated: a backend may lack a lowering for some (Apache TVM's LLVM target has no fmod).
  std::vector<std::string> excluded_math;

  // The default profile (generators/profiles/default.yaml, compiled in).
  static const Profile &default_profile();
};

struct ProfileResult {
  std::optional<Profile> profile;
  ir::Diagnostics diagnostics; // file:line:col: error: ... on malformed input
};

// Reads a profile: `text` (named `file` in diagnostics) overrides the fields of `base`.
ProfileResult parse_profile(std::string_view text, std::string_view file, const Profile &base);
// Loads a profile by file path, or by the name of a compiled-in profile ("default",
// "integer_cpu", ...): a path that exists wins. Unreadable files are diagnosed.
ProfileResult load_profile(const std::string &path_or_name);
// The compiled-in profiles: (name, YAML text).
const std::vector<std::pair<std::string, std::string>> &builtin_profiles();

} // namespace tirconf::gen
