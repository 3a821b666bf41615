// The mve target's natives (builtins.hpp in this folder).
#include "targets/mve/builtins.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

namespace mlisa::targets::mve {

void add_builtins(spec::BuiltinTable& t) {
  spec::Builtin b;
  b.name = "ExceptionTaken";
  b.kind = spec::BuiltinKind::Function;
  b.min_args = b.max_args = 2;
  b.fn = [](spec::CallSite&, std::vector<spec::Value>& args) -> spec::Value {
    const std::string& exc = args[0].as_string();
    const std::string& cause = args[1].as_string();
    throw Fault(cause.empty() ? exc : fmt::format("{} ({})", exc, cause), "");
  };
  t.add(std::move(b));
}

}  // namespace mlisa::targets::mve
