// RapidCheck Gen instances for the generators (header-only; only the test suite, which links
// rapidcheck, includes it). Each Gen draws a list of raw choices and replays it through the
// generator (choices.h). RapidCheck shrinks that list - fewer and smaller draws - and since a
// draw of 0 is always the simplest alternative, a shrunk list is a simpler program; since the
// generator is free of unspecified behaviour for every choice list, every shrink is valid too.
#pragma once

#include <rapidcheck.h>

#include <cstdint>
#include <vector>

#include "generators/choices.h"
#include "generators/profile.h"
#include "generators/program_gen.h"

namespace tirconf::gen::rcgen {

// The raw draws a generated value is replayed from.
inline rc::Gen<std::vector<uint64_t>> choice_list() {
  return rc::gen::container<std::vector<uint64_t>>(rc::gen::arbitrary<uint64_t>());
}

inline rc::Gen<ir::DataType> data_type(const Profile &p, bool vectors = true) {
  return rc::gen::map(choice_list(), [p, vectors](std::vector<uint64_t> draws) {
    ReplayChoices c(std::move(draws));
    return generate_dtype(c, p, vectors);
  });
}

// A closed PrimExpr of dtype t.
inline rc::Gen<ir::PrimExpr> typed_expr(ir::DataType t, const Profile &p) {
  return rc::gen::map(choice_list(), [p, t](std::vector<uint64_t> draws) {
    ReplayChoices c(std::move(draws));
    return generate_expression(c, p, t);
  });
}

// A PrimExpr of any datatype the profile draws.
inline rc::Gen<ir::PrimExpr> any_expr(const Profile &p) {
  return rc::gen::mapcat(data_type(p), [p](ir::DataType t) { return typed_expr(t, p); });
}

// A module with its arguments.
inline rc::Gen<GeneratedProgram> program(const Profile &p) {
  return rc::gen::map(choice_list(), [p](std::vector<uint64_t> draws) {
    ReplayChoices c(std::move(draws));
    return generate_program(c, p);
  });
}

// A single PrimFunc (main of a module without helpers).
inline rc::Gen<ir::PrimFunc> prim_func(Profile p) {
  p.features.calls = false;
  return rc::gen::map(program(p),
                      [](const GeneratedProgram &g) { return g.module->lookup("main"); });
}

} // namespace tirconf::gen::rcgen
