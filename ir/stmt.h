// Stmt nodes, one per alternative of the spec's Stmt grammar.
#pragma once

#include <variant>

#include "ir/buffer.h"

namespace tirconf::ir {

#define TIR_NODE_KIND(Name)                                                                        \
  static constexpr StmtKind kKind = StmtKind::Name;                                                \
  static constexpr const char *kName = #Name;

// Binds var to value within body.
struct LetStmtNode final : StmtNode {
  TIR_NODE_KIND(LetStmt)
  Var var;
  PrimExpr value;
  Stmt body;
  LetStmtNode(Var v, PrimExpr val, Stmt b, SourceLoc l = {})
      : StmtNode(kKind, l), var(std::move(v)), value(std::move(val)), body(std::move(b)) {}
};

// The ObjectRef `node` of an AttrStmt: nothing, a PrimExpr (often a Var), an IterVar (what
// T.launch_thread produces), a Buffer, or another object (a CommReducer, a Target: AttrValue).
using AttrNodeRef = std::variant<std::monostate, PrimExpr, IterVar, Buffer, AttrValue>;

// Runs body; thread_extent and virtual_thread make it a parallel loop over the node's variable.
struct AttrStmtNode final : StmtNode {
  TIR_NODE_KIND(AttrStmt)
  AttrNodeRef node;
  std::string attr_key;
  PrimExpr value;
  Stmt body;
  AttrStmtNode(AttrNodeRef n, std::string key, PrimExpr v, Stmt b, SourceLoc l = {})
      : StmtNode(kKind, l), node(std::move(n)), attr_key(std::move(key)), value(std::move(v)),
        body(std::move(b)) {}
  // The variable a thread_extent / virtual_thread attribute binds, or null.
  Var bound_var() const;
};

// Runs body if condition holds, else fails with message.
struct AssertStmtNode final : StmtNode {
  TIR_NODE_KIND(AssertStmt)
  PrimExpr condition, message;
  Stmt body;
  AssertStmtNode(PrimExpr c, PrimExpr m, Stmt b, SourceLoc l = {})
      : StmtNode(kKind, l), condition(std::move(c)), message(std::move(m)), body(std::move(b)) {}
};

// Writes value to buffer[indices]; a vector last index writes one element per lane group.
struct BufferStoreNode final : StmtNode {
  TIR_NODE_KIND(BufferStore)
  Buffer buffer;
  PrimExpr value;
  std::vector<PrimExpr> indices;
  // TVM's masked vector store (`B.vstore(idx, v, predicate=mask)`), outside the spec: a bool
  // vector saying which lanes are written; null for an ordinary store.
  PrimExpr predicate;
  BufferStoreNode(Buffer b, PrimExpr v, std::vector<PrimExpr> idx, SourceLoc l = {},
                  PrimExpr pred = {})
      : StmtNode(kKind, l), buffer(std::move(b)), value(std::move(v)), indices(std::move(idx)),
        predicate(std::move(pred)) {}
};

// Allocates buffer for the duration of body; bounds and condition are compiler hints.
struct BufferRealizeNode final : StmtNode {
  TIR_NODE_KIND(BufferRealize)
  Buffer buffer;
  std::vector<Range> bounds;
  PrimExpr condition;
  Stmt body;
  BufferRealizeNode(Buffer b, std::vector<Range> r, PrimExpr c, Stmt s, SourceLoc l = {})
      : StmtNode(kKind, l), buffer(std::move(b)), bounds(std::move(r)), condition(std::move(c)),
        body(std::move(s)) {}
};

// If condition holds, allocates a fresh array bound to buffer_var for the duration of body.
struct AllocateNode final : StmtNode {
  TIR_NODE_KIND(Allocate)
  Var buffer_var;
  DataType dtype;
  std::vector<PrimExpr> extents;
  PrimExpr condition;
  Stmt body;
  Annotations annotations;
  // T.allocate_const (TVM's AllocateConst): the allocation's contents from the start, one
  // IntImm or FloatImm of `dtype` per element; empty for T.allocate. The condition is then true.
  std::vector<PrimExpr> const_data;
  AllocateNode(Var v, DataType t, std::vector<PrimExpr> e, PrimExpr c, Stmt b, Annotations a,
               SourceLoc l = {}, std::vector<PrimExpr> data = {})
      : StmtNode(kKind, l), buffer_var(std::move(v)), dtype(t), extents(std::move(e)),
        condition(std::move(c)), body(std::move(b)), annotations(std::move(a)),
        const_data(std::move(data)) {}
  bool is_const() const { return !const_data.empty(); }
};

// Declares buffer for body; no run-time effect.
struct DeclBufferNode final : StmtNode {
  TIR_NODE_KIND(DeclBuffer)
  Buffer buffer;
  Stmt body;
  DeclBufferNode(Buffer b, Stmt s, SourceLoc l = {})
      : StmtNode(kKind, l), buffer(std::move(b)), body(std::move(s)) {}
};

struct SeqStmtNode final : StmtNode {
  TIR_NODE_KIND(SeqStmt)
  std::vector<Stmt> seq;
  explicit SeqStmtNode(std::vector<Stmt> s, SourceLoc l = {})
      : StmtNode(kKind, l), seq(std::move(s)) {}
};

struct IfThenElseNode final : StmtNode {
  TIR_NODE_KIND(IfThenElse)
  PrimExpr condition;
  Stmt then_case;
  Stmt else_case; // may be null
  IfThenElseNode(PrimExpr c, Stmt t, Stmt e, SourceLoc l = {})
      : StmtNode(kKind, l), condition(std::move(c)), then_case(std::move(t)),
        else_case(std::move(e)) {}
};

struct EvaluateNode final : StmtNode {
  TIR_NODE_KIND(Evaluate)
  PrimExpr value;
  explicit EvaluateNode(PrimExpr v, SourceLoc l = {}) : StmtNode(kKind, l), value(std::move(v)) {}
};

enum class ForKind : uint8_t { Serial, Parallel, Vectorized, Unrolled, ThreadBinding };
const char *to_string(ForKind k);

// Runs body with loop_var over [min, min + extent), serially or as parallel iterations.
struct ForNode final : StmtNode {
  TIR_NODE_KIND(For)
  Var loop_var;
  PrimExpr min, extent;
  ForKind for_kind;
  Stmt body;
  IterVar thread_binding; // may be null
  Annotations annotations;
  ForNode(Var v, PrimExpr mn, PrimExpr ext, ForKind k, Stmt b, IterVar tb, Annotations a,
          SourceLoc l = {})
      : StmtNode(kKind, l), loop_var(std::move(v)), min(std::move(mn)), extent(std::move(ext)),
        for_kind(k), body(std::move(b)), thread_binding(std::move(tb)), annotations(std::move(a)) {}
};

struct WhileNode final : StmtNode {
  TIR_NODE_KIND(While)
  PrimExpr condition;
  Stmt body;
  WhileNode(PrimExpr c, Stmt b, SourceLoc l = {})
      : StmtNode(kKind, l), condition(std::move(c)), body(std::move(b)) {}
};

// A scope with iteration variables, allocations, aliases and an optional reduction init.
struct BlockNode final : StmtNode {
  TIR_NODE_KIND(Block)
  std::vector<IterVar> iter_vars;
  std::vector<BufferRegion> reads, writes;
  std::string name_hint;
  Stmt body;
  Stmt init; // may be null
  std::vector<Buffer> alloc_buffers;
  std::vector<MatchBufferRegion> match_buffers;
  Annotations annotations;
  BlockNode(std::vector<IterVar> iv, std::vector<BufferRegion> r, std::vector<BufferRegion> w,
            std::string name, Stmt b, Stmt i, std::vector<Buffer> alloc,
            std::vector<MatchBufferRegion> match, Annotations a, SourceLoc l = {})
      : StmtNode(kKind, l), iter_vars(std::move(iv)), reads(std::move(r)), writes(std::move(w)),
        name_hint(std::move(name)), body(std::move(b)), init(std::move(i)),
        alloc_buffers(std::move(alloc)), match_buffers(std::move(match)),
        annotations(std::move(a)) {}
};
using Block = Ref<BlockNode>;

// Binds the block's iter vars to iter_values and runs it; predicate is a compiler hint.
struct BlockRealizeNode final : StmtNode {
  TIR_NODE_KIND(BlockRealize)
  std::vector<PrimExpr> iter_values;
  PrimExpr predicate;
  Block block;
  BlockRealizeNode(std::vector<PrimExpr> v, PrimExpr p, Block b, SourceLoc l = {})
      : StmtNode(kKind, l), iter_values(std::move(v)), predicate(std::move(p)),
        block(std::move(b)) {}
};

#undef TIR_NODE_KIND

} // namespace tirconf::ir
