// Steps as data: a list of pass names and schedule steps (JSON, as a finding's steps.json has
// them) turned into transform requests and applied, and the step list of a finding reduced to
// the fewest steps that still show it.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "validate/validation.h"

namespace tirconf::validate {

using Request = Transformer::TransformRequest;

// Consecutive steps of one kind (pass names, schedule step objects) in one request each.
std::vector<Request> replay_requests(const nlohmann::json &steps);

// Applies the requests in order, each to what the one before made; "parse" once, first. Empty
// with `why` when the implementation could not be asked or could not read the program.
std::vector<Step> apply_requests(Transformer &impl, const std::vector<Request> &requests,
                                 const std::string &text, std::string *why);

// A step list as replayable JSON: the steps up to and including `last` (passes by name,
// schedule steps by their description), "parse" left out.
nlohmann::json replayable(const std::vector<Step> &steps, size_t last);

// The shortest sublist of `steps` (in order) after which validating `original` still ends in a
// finding with `signature`: each step is dropped in turn while the finding persists, until no
// single step can go. `tries` counts the validations run.
nlohmann::json reduce_steps(Transformer &impl, const std::string &original, nlohmann::json steps,
                            const std::string &signature, const ValidationOptions &options,
                            int *tries);

} // namespace tirconf::validate
