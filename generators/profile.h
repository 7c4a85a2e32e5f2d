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

// Relative weights, one per enumerator (a distinct type per enum, so E can be deduced).
template <class E> struct Weights : std::array<int, static_cast<size_t>(E::kCount)> {};

std::string_view name_of(StmtChoice c);
std::string_view name_of(ExprChoice c);
std::string_view name_of(BuiltinChoice c);
std::string_view name_of(ForKindChoice c);
std::string_view name_of(DtypeChoice c);
ir::DataType dtype_of(DtypeChoice c);

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
