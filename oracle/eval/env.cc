#include "oracle/eval/env.h"

namespace tirconf::oracle::eval {

runtime::Value& Env::set(const ir::VarNode* v, runtime::Value value) {
  auto [it, inserted] = vars_.try_emplace(v, value);
  if (!inserted) it->second = std::move(value);
  return it->second;
}

ScopedBind::ScopedBind(Env& env, const ir::VarNode* v, runtime::Value value) : env_(env), var_(v) {
  if (const runtime::Value* old = env.find(v)) previous_ = *old;
  slot_ = &env.set(v, std::move(value));
}

ScopedBind::~ScopedBind() {
  if (previous_)
    env_.set(var_, std::move(*previous_));
  else
    env_.erase(var_);
}

}  // namespace tirconf::oracle::eval
