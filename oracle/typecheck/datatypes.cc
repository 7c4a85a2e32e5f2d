// "Types / Datatypes" and "Values": which DataTypes exist at all. Checked wherever a program
// introduces a datatype (a Var's annotation, an immediate, a Cast or Call target, a buffer or
// allocation dtype, the lanes a Ramp/Broadcast/Shuffle/BufferLoad creates, a ret_type); a node
// whose dtype is derived from its operands inherits their well-formedness.
//
// [dtype.vector] Int, UInt, Float or BFloat with more than one lane; every lane has the element
// type, so the element rules below apply to vectors unchanged.
// [dtype.void] Void is Handle with 0 bits (DataType::is_void); it needs no rule of its own beyond
// dtype.handle.bits and dtype.handle.lanes.
// [dtype.notation] Messages spell datatypes as the spec's notation does (context.cc, str()).
#include "oracle/typecheck/typer.h"

namespace tirconf::oracle::typecheck {

using namespace ir;

bool Typer::check_dtype(DataType t, SourceLoc loc, std::string_view kind, std::string_view name) {
  auto in = [&](const char *rule_text) {
    return [&, rule_text] {
      std::string where(kind);
      if (!name.empty())
        where += " " + std::string(name);
      return str(t) + " (" + where + "): " + rule_text;
    };
  };
  auto bits_in = [&](std::initializer_list<int> allowed) {
    for (int b : allowed)
      if (t.bits == b)
        return true;
    return false;
  };
  bool ok = true;
  switch (t.code) {
  case TypeCode::Int:
    // [dtype.int.bits] 8, 16, 32 or 64 bits; int1 is not a datatype (Bool is uint1).
    ok &= ctx_.require(bits_in({8, 16, 32, 64}), "dtype.int.bits", loc,
                       in("Int datatypes have 8, 16, 32 or 64 bits"));
    break;
  case TypeCode::UInt:
    // [dtype.uint.bits] 1 (Bool), 8, 16, 32 or 64 bits.
    ok &= ctx_.require(bits_in({1, 8, 16, 32, 64}), "dtype.uint.bits", loc,
                       in("UInt datatypes have 1, 8, 16, 32 or 64 bits"));
    break;
  case TypeCode::Float:
    // [dtype.float.bits] 16, 32 or 64 bits.
    ok &= ctx_.require(bits_in({16, 32, 64}), "dtype.float.bits", loc,
                       in("Float datatypes have 16, 32 or 64 bits"));
    break;
  case TypeCode::BFloat:
    // [dtype.bfloat.bits] exactly 16 bits.
    ok &= ctx_.require(t.bits == 16, "dtype.bfloat.bits", loc, in("BFloat datatypes have 16 bits"));
    break;
  case TypeCode::Handle:
    // [dtype.handle.bits] 0 (Void) or a 32- or 64-bit pointer.
    ok &= ctx_.require(bits_in({0, 32, 64}), "dtype.handle.bits", loc,
                       in("Handle datatypes have 0 (void), 32 or 64 bits"));
    // [dtype.handle.lanes] handles are never vectors.
    ok &=
        ctx_.require(t.lanes == 1, "dtype.handle.lanes", loc, in("a handle has exactly one lane"));
    return ok;
  default:
    // [dtype.code] only the five codes exist.
    return ctx_.require(false, "dtype.code", loc,
                        in("the type code is none of Int, UInt, Float, BFloat, Handle"));
  }
  // [dtype.lanes] 1 to 64 lanes (the catalog's reading: float32x2 and int8x3 are valid).
  ok &= ctx_.require(t.lanes >= 1 && t.lanes <= 64, "dtype.lanes", loc,
                     in("a datatype has 1 to 64 lanes"));
  return ok;
}

void Typer::check_type(const Type &t, SourceLoc loc, std::string_view kind, std::string_view name) {
  switch (t.kind) {
  case Type::Kind::Prim:
    check_dtype(t.dtype, loc, kind, name);
    break;
  case Type::Kind::Pointer:
    if (t.element)
      check_type(*t.element, loc, kind, name);
    break;
  case Type::Kind::Tuple:
    for (const auto &f : t.fields)
      check_type(f, loc, kind, name);
    break;
  }
}

} // namespace tirconf::oracle::typecheck
