// Builtin calls ("Builtin Calls", spec/rules/builtins.yaml): a table of short handlers, one per
// builtin this backend lowers; support.cc declares the others unsupported. Most are lane by
// lane (`each_lane`): the handler gives one lane's expression from its operands' lanes.
#include <functional>
#include <map>

#include "backends/cuda/lowering.h"
#include "ir/builtins.h"

namespace tirconf::backends::cuda {

using ir::DataType;

namespace {

// The bits of a scalar value, zero-extended to 64 (the status word's `ret`).
std::string raw_bits(DataType t, const std::string &v) {
  if (t.is_bool())
    return "(uint64_t)(" + v + " ? 1 : 0)";
  if (is_narrow_float(t))
    return std::string("(uint64_t)") +
           (t.is_bfloat() ? "__bfloat16_as_ushort(" : "__half_as_ushort(") + v + ")";
  if (t.is_float() && t.bits == 32)
    return "(uint64_t)__float_as_uint(" + v + ")";
  if (t.is_float() && t.bits == 64)
    return "(uint64_t)__double_as_longlong(" + v + ")";
  if (t.is_handle())
    return "(uint64_t)0";
  return "(uint64_t)(uint" + std::to_string(t.bits) + "_t)" + v;
}

// The C function of a float type: float16 / bfloat16 use float's.
std::string float_fn(DataType t, const std::string &name) {
  return t.bits == 64 ? name : name + "f";
}

std::string bits_of_narrow(DataType t, const std::string &v) {
  return std::string(t.is_bfloat() ? "__bfloat16_as_ushort(" : "__half_as_ushort(") + v + ")";
}

std::string narrow_of_bits(DataType t, const std::string &v) {
  return std::string(t.is_bfloat() ? "__ushort_as_bfloat16(" : "__ushort_as_half(") +
         "(unsigned short)" + v + ")";
}

// One lane of a call: t is the result's element type, a[i] the i-th argument's, x[i] its lane.
using LaneHandler =
    std::function<std::string(const ir::CallNode *c, DataType t, const std::vector<DataType> &a,
                              const std::vector<std::string> &x)>;

} // namespace

const FunctionLowering::BuiltinTable &FunctionLowering::builtins() {
  // Operands evaluated left to right into temporaries, then the call lane by lane.
  auto each_lane = [](LaneHandler h) {
    return [h](FunctionLowering &fl, const ir::CallNode *c) {
      std::vector<std::pair<std::string, DataType>> ops;
      std::vector<DataType> elems;
      for (const auto &a : c->args) {
        ops.push_back({fl.VisitExpr(a), a->dtype});
        elems.push_back(a->dtype.element_of());
      }
      const DataType t = c->dtype.element_of();
      return fl.lanewise(c->dtype, ops, [&](const auto &x) { return h(c, t, elems, x); });
    };
  };
  auto bitwise = [each_lane](const char *o) {
    return each_lane([o](const ir::CallNode *, DataType t, const auto &, const auto &x) {
      return wrap(t, x[0] + " " + o + " " + x[1]);
    });
  };
  // float16 / bfloat16 through float, rounded once (ctypes.cc): exact for these functions, and
  // correctly rounded for sqrt.
  auto math = [each_lane](const char *name) {
    return each_lane([name](const ir::CallNode *, DataType t, const auto &, const auto &x) {
      std::string args;
      for (const auto &v : x)
        args += (args.empty() ? "" : ", ") + to_float(t, v);
      return from_float(t, float_fn(t, name) + "(" + args + ")");
    });
  };
  // Predicates of a float: on its exact float value.
  auto predicate = [each_lane](const char *name) {
    return each_lane([name](const ir::CallNode *, DataType, const auto &a, const auto &x) {
      return std::string(name) + "(" + to_float(a[0], x[0]) + ")";
    });
  };
  // [builtin.exp] and the other approximate functions: CUDA's double function (within 2 ULP of
  // double) rounded once to the lane's format, far inside the catalog's bounds for float32 and
  // the 16-bit formats; float64 gets CUDA's own double function.
  auto approx = [each_lane](const char *name) {
    return each_lane([=](const ir::CallNode *, DataType t, const auto &, const auto &x) {
      std::string args;
      for (const auto &v : x)
        args += (args.empty() ? "" : ", ") + ("(double)" + to_float(t, v));
      const std::string d = std::string(name) + "(" + args + ")";
      if (is_narrow_float(t))
        return std::string(t.is_bfloat() ? "__double2bfloat16(" : "__double2half(") + d + ")";
      return "(" + c_type(t) + ")(" + d + ")";
    });
  };
  static const BuiltinTable table = {
      // [builtin.ret] the value goes to the status word, and the function returns.
      {"tir.ret",
       [](FunctionLowering &fl, const ir::CallNode *c) {
         const DataType t = c->args.empty() ? DataType::Void() : c->args[0]->dtype;
         const std::string v = c->args.empty() ? "" : fl.VisitExpr(c->args[0]);
         if (t.lanes > 1)
           throw UnsupportedError("tir.ret of a vector", c->loc);
         // In a launched loop it would end one thread, not the function.
         if (fl.launched_loops_ > 0)
           throw UnsupportedError("tir.ret inside a loop launched as CUDA threads", c->loc);
         // The entry says it returned even without a value: the host launches nothing after.
         if (fl.is_entry_) {
           if (!t.is_void())
             fl.line("st->ret = " + raw_bits(t, v) + ";");
           fl.line("st->returned = 1;");
         } else if (!t.is_void() && fl.ret_) {
           fl.line("*ret_slot = " + v + ";");
         }
         for (auto it = fl.dynamic_.rbegin(); it != fl.dynamic_.rend(); ++it)
           fl.line("free(" + *it + ");");
         fl.line("return 0;");
         return t.is_void() || t.is_handle() ? std::string("0") : "(" + c_type(t) + ")0";
       }},
      {"tir.tvm_storage_sync",
       [](FunctionLowering &fl, const ir::CallNode *c) {
         fl.storage_sync(c);
         return std::string("0");
       }},
      // [builtin.likely] the condition itself.
      {"tir.likely",
       [](FunctionLowering &fl, const ir::CallNode *c) { return fl.VisitExpr(c->args[0]); }},
      // [builtin.assume] no run-time effect; c is not evaluated.
      {"tir.assume", [](FunctionLowering &, const ir::CallNode *) { return std::string("true"); }},
      // [builtin.if_then_else] only the chosen arm is evaluated.
      {"tir.if_then_else",
       [](FunctionLowering &fl, const ir::CallNode *c) {
         const std::string cond = fl.VisitExpr(c->args[0]);
         if (c->args[0]->dtype.lanes > 1)
           throw UnsupportedError("tir.if_then_else with a vector condition", c->loc);
         const std::string r = fl.declare(c->dtype);
         fl.open("if (" + cond + ")");
         fl.line(r + " = " + fl.VisitExpr(c->args[1]) + ";");
         fl.close();
         fl.open("else");
         fl.line(r + " = " + fl.VisitExpr(c->args[2]) + ";");
         fl.close();
         return r;
       }},
      // [builtin.ignore_loop_partition] the condition itself.
      {"tir.ignore_loop_partition",
       [](FunctionLowering &fl, const ir::CallNode *c) { return fl.VisitExpr(c->args[0]); }},
      // [builtin.profile_intrinsic] the id evaluated, nothing observable; a null handle.
      {"tir.start_profile_intrinsic",
       [](FunctionLowering &fl, const ir::CallNode *c) {
         for (const auto &a : c->args)
           fl.VisitExpr(a);
         return std::string("((void *)0)");
       }},
      {"tir.end_profile_intrinsic",
       [](FunctionLowering &fl, const ir::CallNode *c) {
         for (const auto &a : c->args)
           fl.VisitExpr(a);
         return std::string("((void *)0)");
       }},
      {"tir.exp", approx("exp")},
      {"tir.exp2", approx("exp2")},
      {"tir.exp10", approx("exp10")},
      {"tir.log", approx("log")},
      {"tir.log2", approx("log2")},
      {"tir.log10", approx("log10")},
      {"tir.log1p", approx("log1p")},
      {"tir.rsqrt", approx("rsqrt")},
      {"tir.tanh", approx("tanh")},
      {"tir.sigmoid", approx("tirconf_sigmoid")},
      {"tir.erf", approx("erf")},
      {"tir.sin", approx("sin")},
      {"tir.cos", approx("cos")},
      {"tir.tan", approx("tan")},
      {"tir.asin", approx("asin")},
      {"tir.acos", approx("acos")},
      {"tir.atan", approx("atan")},
      {"tir.sinh", approx("sinh")},
      {"tir.cosh", approx("cosh")},
      {"tir.pow", approx("pow")},
      {"tir.hypot", approx("hypot")},
      {"tir.atan2", approx("atan2")},
      {"tir.bitwise_and", bitwise("&")},
      {"tir.bitwise_or", bitwise("|")},
      {"tir.bitwise_xor", bitwise("^")},
      {"tir.bitwise_not",
       each_lane([](const ir::CallNode *, DataType t, const auto &, const auto &x) {
         return wrap(t, "~(" + wrap_type(t) + ")" + x[0]);
       })},
      // [builtin.shift_left] [builtin.shift_right]
      {"tir.shift_left",
       each_lane([](const ir::CallNode *, DataType t, const auto &, const auto &x) {
         if (t.is_bool()) // a 1-bit value: any amount but 0 is out of range
           return "((int64_t)" + x[1] + " == 0 ? " + x[0] + " : false)";
         return "tirconf_shl<" + c_type(t) + ", " + wrap_type(t) + ">(" + x[0] + ", (int64_t)" +
                x[1] + ")";
       })},
      {"tir.shift_right",
       each_lane([](const ir::CallNode *, DataType t, const auto &, const auto &x) {
         if (t.is_bool())
           return "((int64_t)" + x[1] + " == 0 ? " + x[0] + " : false)";
         return "tirconf_shr<" + c_type(t) + ">(" + x[0] + ", (int64_t)" + x[1] + ")";
       })},
      // [builtin.reinterpret] the same bits in another type of the same width, lane by lane.
      {"tir.reinterpret",
       each_lane([](const ir::CallNode *c, DataType to, const auto &a, const auto &x) {
         const DataType from = a[0];
         if (c->dtype.lanes != c->args[0]->dtype.lanes || from.bits != to.bits || from.is_bool() ||
             to.is_bool())
           throw UnsupportedError("tir.reinterpret other than lane for lane of one width", c->loc);
         const std::string &v = x[0];
         if (is_narrow_float(from) && is_narrow_float(to))
           return narrow_of_bits(to, bits_of_narrow(from, v));
         if (is_narrow_float(to))
           return narrow_of_bits(to, v);
         if (is_narrow_float(from))
           return "(" + c_type(to) + ")" + bits_of_narrow(from, v);
         if (from.is_float() == to.is_float())
           return "(" + c_type(to) + ")" + v;
         if (to.is_float())
           return to.bits == 32 ? "__int_as_float((int32_t)" + v + ")"
                                : "__longlong_as_double((int64_t)" + v + ")";
         return "(" + c_type(to) + ")" +
                (from.bits == 32 ? "__float_as_int(" + v + ")" : "__double_as_longlong(" + v + ")");
       })},
      // [builtin.popcount] the 1 bits of x's pattern in its own width.
      {"tir.popcount", each_lane([](const ir::CallNode *, DataType t, const auto &, const auto &x) {
         if (t.is_bool())
           return x[0];
         return "(" + c_type(t) + ")" +
                (t.bits == 64
                     ? "__popcll((uint64_t)" + x[0] + ")"
                     : "__popc((uint32_t)(uint" + std::to_string(t.bits) + "_t)" + x[0] + ")");
       })},
      // [builtin.clz] leading zeros in x's own width, as int32; clz(0) is unspecified.
      {"tir.clz", each_lane([](const ir::CallNode *, DataType, const auto &a, const auto &x) {
         if (a[0].is_bool())
           return "(int32_t)(" + x[0] + " ? 0 : 1)";
         if (a[0].bits == 64)
           return "(int32_t)__clzll((int64_t)" + x[0] + ")";
         return "(int32_t)(__clz((int32_t)(uint32_t)(uint" + std::to_string(a[0].bits) + "_t)" +
                x[0] + ") - " + std::to_string(32 - a[0].bits) + ")";
       })},
      {"tir.isnan", predicate("isnan")},
      {"tir.isinf", predicate("isinf")},
      {"tir.isfinite", predicate("isfinite")},
      // Correctly rounded with --prec-sqrt=true (nvrtc.cc); the others are exact.
      {"tir.sqrt", math("sqrt")},
      {"tir.fabs", math("fabs")},
      {"tir.floor", math("floor")},
      {"tir.ceil", math("ceil")},
      {"tir.trunc", math("trunc")},
      {"tir.round", math("round")},    // [builtin.round] halves away from zero
      {"tir.nearbyint", math("rint")}, // [builtin.nearbyint] halves to even
      {"tir.fmod", math("fmod")},
      {"tir.copysign", math("copysign")},
      // [builtin.nextafter] float's next value is not the 16-bit format's: the prelude steps
      // their patterns.
      {"tir.nextafter",
       each_lane([](const ir::CallNode *, DataType t, const auto &, const auto &x) {
         if (is_narrow_float(t))
           return "tirconf_nextafter(" + x[0] + ", " + x[1] + ")";
         return float_fn(t, "nextafter") + "(" + x[0] + ", " + x[1] + ")";
       })},
      // [builtin.ldexp] x * 2^e rounded once. float16 / bfloat16: exact in double (its exponent
      // range holds every such result that is neither 0 nor inf once rounded), then rounded.
      {"tir.ldexp", each_lane([](const ir::CallNode *, DataType t, const auto &, const auto &x) {
         const std::string e =
             "(int)max((int64_t)-4000, min((int64_t)4000, (int64_t)" + x[1] + "))";
         if (is_narrow_float(t))
           return std::string(t.is_bfloat() ? "__double2bfloat16(" : "__double2half(") +
                  "ldexp((double)" + to_float(t, x[0]) + ", " + e + "))";
         return float_fn(t, "ldexp") + "(" + x[0] + ", " + e + ")";
       })},
  };
  return table;
}

bool FunctionLowering::lowers_builtin(std::string_view op) {
  return builtins().find(op) != builtins().end();
}

std::string FunctionLowering::builtin(const ir::CallNode *op) {
  auto it = builtins().find(op->op);
  if (it == builtins().end())
    throw UnsupportedError(op->op, op->loc);
  return it->second(*this, op);
}

} // namespace tirconf::backends::cuda
