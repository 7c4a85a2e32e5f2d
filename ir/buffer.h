// Buffer, Range, BufferRegion, MatchBufferRegion and IterVar: the spec's "other constructs".
#pragma once

#include <optional>

#include "ir/expr.h"

namespace tirconf::ir {

enum class BufferType : uint8_t { Default, AutoBroadcast };

// A multidimensional array of `dtype` elements whose storage is the pointer Var `data`.
// Buffers are identified by their node, as Vars are.
struct BufferNode {
  Var data;
  DataType dtype;
  std::vector<PrimExpr> shape;
  std::vector<IntImm> axis_separators;
  std::vector<PrimExpr> strides; // empty: compact row-major
  PrimExpr elem_offset;          // IntImm 0 unless declared with a Var (offset_factor != 0)
  std::string name;
  int data_alignment = 64;
  int offset_factor = 1;
  BufferType buffer_type = BufferType::Default;
  SourceLoc loc;

  // Storage scope of `data` ("global" unless its PointerType says otherwise).
  const std::string &scope() const;
};

// A half-open interval [min, min + extent). extent is null for Range(min) without an extent.
struct Range {
  PrimExpr min;
  PrimExpr extent;
  SourceLoc loc;
};

struct BufferRegion {
  Buffer buffer;
  std::vector<Range> region;
  SourceLoc loc;
};

// Makes `buffer` an alias of `source` inside a Block.
struct MatchBufferRegion {
  Buffer buffer;
  BufferRegion source;
  SourceLoc loc;
};

enum class IterVarType : uint8_t {
  DataPar,
  ThreadIndex,
  CommReduce,
  Ordered,
  Opaque,
  Unrolled,
  Vectorized,
  Parallelized,
  Tensorized,
};
const char *to_string(IterVarType t);

struct IterVarNode {
  std::optional<Range> dom;
  Var var;
  IterVarType iter_type = IterVarType::DataPar;
  std::string thread_tag;
  SourceLoc loc;
};

} // namespace tirconf::ir
