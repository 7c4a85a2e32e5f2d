// What a TVMScript expression evaluates to while reading: a Python value (int, float, str, list,
// ...), a TIR object (PrimExpr, Buffer, a buffer slice) or a TVMScript object (the `T` module, a
// function of it, a scope such as T.allocate(...) that a `with`/assignment enters). TVM's parser
// evaluates expressions with Python; Value is the part of Python that TVMScript needs.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/module.h"
#include "ir/tvmscript/py_ast.h"

namespace tirconf::ir::script {

struct FrameSpec;

struct Value {
  enum class Kind : uint8_t {
    None,
    Bool,
    Int,
    Float,
    Str, // Python scalars
    List,
    Tuple,
    Dict,
    Slice,        // Python containers; Slice: items = {lower, upper, step}
    Expr,         // a PrimExpr
    Buffer,       // a Buffer
    Region,       // buffer[...] with at least one slice: items = one per index
    Tir,          // the tir module `T` (s empty) or its member `T.<s>`
    Ir,           // the ir module `I` (s empty) or its member `I.<s>`
    ClassModule,  // the @I.ir_module class, inside it (for `Module.f`)
    GlobalFunc,   // `Module.f`: a PrimFunc of the module being read
    Frame,        // a scope to enter (T.allocate(...), T.block(...), range(...))
    Lambda,       // `lambda x, y: ...`, called by the T.* function it is given to
    Object,       // an attribute object made by a T.* call (T.target, T.comm_reducer)
    IterVar,      // T.iter_var(...)
    BufferMethod, // `A.vload` / `A.vstore`: buffer, and the method's name in s
  };
  Kind kind = Kind::None;
  SourceLoc loc;
  bool b = false;
  __int128 i = 0;
  double f = 0;
  std::string s;                             // Str; Tir/Ir member path ("axis.spatial")
  PrimExpr expr;                             // Expr
  Buffer buffer;                             // Buffer, Region
  std::shared_ptr<std::vector<Value>> items; // List/Tuple elements; Dict: k0, v0, k1, v1, ...
  std::shared_ptr<FrameSpec> frame;          // Frame
  GlobalVar gv;                              // GlobalFunc
  std::optional<DataType> gv_dtype;          // GlobalFunc: the callee's return dtype (unset: void)
  const PyExpr *lambda = nullptr;            // Lambda
  std::shared_ptr<const AttrValue> object;   // Object
  IterVar iter_var;                          // IterVar

  static Value none(SourceLoc l) { return make(Kind::None, l); }
  static Value boolean(bool v, SourceLoc l) {
    Value r = make(Kind::Bool, l);
    r.b = v;
    return r;
  }
  static Value integer(__int128 v, SourceLoc l) {
    Value r = make(Kind::Int, l);
    r.i = v;
    return r;
  }
  static Value floating(double v, SourceLoc l) {
    Value r = make(Kind::Float, l);
    r.f = v;
    return r;
  }
  static Value str(std::string v, SourceLoc l) {
    Value r = make(Kind::Str, l);
    r.s = std::move(v);
    return r;
  }
  static Value of(PrimExpr e, SourceLoc l) {
    Value r = make(Kind::Expr, l);
    r.expr = std::move(e);
    return r;
  }
  static Value of(Buffer b, SourceLoc l) {
    Value r = make(Kind::Buffer, l);
    r.buffer = std::move(b);
    return r;
  }
  static Value seq(Kind k, std::vector<Value> v, SourceLoc l) {
    Value r = make(k, l);
    r.items = std::make_shared<std::vector<Value>>(std::move(v));
    return r;
  }
  static Value member(Kind k, std::string path, SourceLoc l) {
    Value r = make(k, l);
    r.s = std::move(path);
    return r;
  }
  static Value make(Kind k, SourceLoc l) {
    Value r;
    r.kind = k;
    r.loc = l;
    return r;
  }

  bool is_number() const { return kind == Kind::Bool || kind == Kind::Int || kind == Kind::Float; }
  bool is_sequence() const { return kind == Kind::List || kind == Kind::Tuple; }
  bool is_prim_like() const { return kind == Kind::Expr || kind == Kind::Region; }
  const std::vector<Value> &elements() const {
    static const std::vector<Value> empty;
    return items ? *items : empty;
  }
};

const char *kind_name(Value::Kind k);

// Arguments of a function for a Buffer declaration, kept until the buffer's name is known.
struct BufferArgs {
  std::vector<PrimExpr> shape;
  DataType dtype = DataType::Float(32);
  Var data; // null: a fresh data Var named after the buffer
  std::vector<PrimExpr> strides;
  PrimExpr elem_offset; // null: 0, or a fresh Var when offset_factor != 0
  std::string scope = "global";
  int align = 0;
  int offset_factor = 0;
  BufferType buffer_type = BufferType::Default;
  std::vector<IntImm> axis_separators;
  SourceLoc loc;
};

struct LoopSpec {
  PrimExpr min, extent;
  DataType dtype;
  ForKind kind = ForKind::Serial;
  std::string thread; // ThreadBinding
  Annotations annotations;
};

// A scope created by a T.* call and entered by `with`, by an assignment or as a bare statement
// (TVM's IRBuilder frames).
struct FrameSpec {
  enum class Kind : uint8_t {
    For,
    Block,
    Init,
    Let,
    Assert,
    Attr,
    LaunchThread,
    Allocate,
    DeclBuffer,
    Realize
  };
  Kind kind;
  SourceLoc loc;
  std::vector<LoopSpec> loops;  // For (several for T.grid)
  std::string name;             // Block name; Attr key; LaunchThread tag; Allocate/Realize scope
  bool no_realize = false;      // Block
  PrimExpr value;               // Let value; Attr value; LaunchThread extent
  PrimExpr cond;                // Assert condition; Allocate/Realize condition
  PrimExpr message;             // Assert
  std::optional<Type> let_type; // Let: T.LetStmt(value, type_annotation)
  Var var;                      // Let (var=...); LaunchThread (from T.env_thread)
  AttrNodeRef attr_node;        // Attr
  DataType dtype;               // Allocate
  std::vector<PrimExpr> extents;
  Annotations annotations;          // Allocate
  std::vector<PrimExpr> const_data; // Allocate: T.allocate_const's data
  BufferArgs buffer_args;           // DeclBuffer
  bool allocated = false;           // DeclBuffer: data= given
  BufferRegion region;              // Realize
};

} // namespace tirconf::ir::script
