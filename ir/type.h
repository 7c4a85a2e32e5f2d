// Type: the spec's finer-grained types (PrimType, PointerType, TupleType), "Finer-Grained Types".
// A small closed value type, so a plain struct rather than a node hierarchy.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/dtype.h"

namespace tirconf::ir {

struct Type {
  enum class Kind : uint8_t { Prim, Pointer, Tuple };
  Kind kind = Kind::Tuple;
  DataType dtype;                      // Prim: the datatype
  std::shared_ptr<const Type> element; // Pointer: element_type
  std::string storage_scope;           // Pointer: "global", "shared", ...
  std::vector<Type> fields;            // Tuple

  static Type Prim(DataType t) {
    Type r;
    r.kind = Kind::Prim;
    r.dtype = t;
    return r;
  }
  static Type Pointer(Type element, std::string scope = "global") {
    Type r;
    r.kind = Kind::Pointer;
    r.element = std::make_shared<const Type>(std::move(element));
    r.storage_scope = std::move(scope);
    return r;
  }
  static Type Tuple(std::vector<Type> fields = {}) {
    Type r;
    r.kind = Kind::Tuple;
    r.fields = std::move(fields);
    return r;
  }

  bool is_prim() const { return kind == Kind::Prim; }
  bool is_pointer() const { return kind == Kind::Pointer; }
  bool is_tuple() const { return kind == Kind::Tuple; }
  bool is_void_tuple() const { return kind == Kind::Tuple && fields.empty(); }

  // The datatype a Var with this annotation has ("Rules for Assigning Datatypes", Var 1.2).
  DataType var_dtype() const {
    switch (kind) {
    case Kind::Prim:
      return dtype;
    case Kind::Pointer:
      return DataType::Handle();
    case Kind::Tuple:
      return DataType::Void();
    }
    return DataType::Void();
  }

  friend bool operator==(const Type &a, const Type &b);
  friend bool operator!=(const Type &a, const Type &b) { return !(a == b); }
};

inline bool operator==(const Type &a, const Type &b) {
  if (a.kind != b.kind)
    return false;
  switch (a.kind) {
  case Type::Kind::Prim:
    return a.dtype == b.dtype;
  case Type::Kind::Pointer:
    return a.storage_scope == b.storage_scope && *a.element == *b.element;
  case Type::Kind::Tuple:
    return a.fields == b.fields;
  }
  return false;
}

std::string to_string(const Type &t);

} // namespace tirconf::ir
