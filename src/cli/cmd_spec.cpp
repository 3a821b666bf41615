// mlisa spec: the spec files of a target (docs/spec-format.md).
//
//   mlisa spec list  --target T [--spec-dir DIR] [--json]
//   mlisa spec show  --target T NAME [--spec-dir DIR] [--json]
//   mlisa spec check [--target T] [--spec-dir DIR]
//   mlisa spec eval  [--target T] [--spec-dir DIR] 'STATEMENTS'
//   mlisa spec doc   [--target T] [--spec-dir DIR] [--out DIR]
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "spec/checker.hpp"
#include "spec/engine.hpp"
#include "spec/parser.hpp"
#include "spec/specfile.hpp"
#include "targets/manual.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace mlisa::cli {

namespace {

using namespace mlisa::spec;

struct SpecOptions {
  std::string target;
  std::string spec_dir;
  std::string name;
  std::string statements;
  std::string out;  // spec doc: the reference folder

  std::optional<std::string> dir() const {
    if (spec_dir.empty()) return std::nullopt;
    return spec_dir;
  }
};

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// The builtins every spec may call, the targets' natives (registers, memory)
// among them.
const BuiltinTable& spec_builtins() { return targets::all_builtins(); }

bool has_isa_files(const std::filesystem::path& dir) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.is_regular_file() && e.path().extension() == ".isa") return true;
  return false;
}

// Targets: the embedded ones and the folders of --spec-dir that hold spec files.
std::vector<std::string> known_targets(const SpecOptions& o) {
  std::set<std::string> names;
  for (const auto& t : embedded_targets()) names.insert(t);
  if (auto d = o.dir()) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(*d, ec))
      if (e.is_directory() && has_isa_files(e.path())) names.insert(e.path().filename().string());
  }
  return {names.begin(), names.end()};
}

std::unique_ptr<TargetSpec> load_target(const std::string& target, const SpecOptions& o,
                                       std::vector<DirFileEffect>* effects = nullptr) {
  std::vector<SpecSource> sources = specs_with_dir(target, o.dir(), effects);
  if (sources.empty()) {
    auto names = known_targets(o);
    throw InputError(fmt::format("unknown target '{}' ({})", target,
                                 names.empty() ? "no target is embedded in this build; give --spec-dir DIR"
                                               : "expected " + join(names)));
  }
  return TargetSpec::load(target, std::move(sources), spec_builtins());
}

std::unique_ptr<TargetSpec> load_required_target(const SpecOptions& o) {
  if (o.target.empty()) {
    auto names = known_targets(o);
    throw UsageError(fmt::format("--target is required ({})",
                                 names.empty() ? "no target is embedded in this build" : "one of " + join(names)));
  }
  return load_target(o.target, o);
}

// NAME as written, else ignoring case, else the one instruction whose name
// before " (" is NAME (`ADD` for `ADD (register)` when it is the only ADD).
const InstructionSpec& find_instruction(const TargetSpec& spec, const std::string& name) {
  if (const InstructionSpec* i = spec.find(name)) return *i;
  std::vector<const InstructionSpec*> matches;
  for (const auto& i : spec.instructions())
    if (to_lower(i.name) == to_lower(name)) matches.push_back(&i);
  if (matches.empty())
    for (const auto& i : spec.instructions())
      if (to_lower(i.name.substr(0, i.name.find(" ("))) == to_lower(name)) matches.push_back(&i);
  if (matches.size() == 1) return *matches[0];
  std::vector<std::string> names;
  if (matches.empty())
    for (const auto& i : spec.instructions()) names.push_back(i.name);
  else
    for (const auto* i : matches) names.push_back(i->name);
  if (matches.empty())
    throw InputError(fmt::format("unknown instruction '{}' in target {} (expected {})", name, spec.target(),
                                 names.empty() ? "none: the target has no instructions" : join(names)));
  throw InputError(fmt::format("'{}' names several instructions of target {}: {}", name, spec.target(), join(names)));
}

std::vector<std::string> encoding_names(const InstructionSpec& inst) {
  std::vector<std::string> n;
  for (const auto& e : inst.encodings) n.push_back(e.name);
  return n;
}

// ---- spec list ---------------------------------------------------------------

int run_list(const SpecOptions& o, const GlobalOptions& g) {
  auto spec = load_required_target(o);
  if (g.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& i : spec->instructions())
      out.push_back({{"name", i.name}, {"encodings", encoding_names(i)}, {"summary", i.summary}, {"file", i.file},
                     {"features", i.features}});
    fmt::print("{}\n", out.dump(2));
    return 0;
  }
  size_t wn = 0, we = 0;
  for (const auto& i : spec->instructions()) {
    wn = std::max(wn, i.name.size());
    we = std::max(we, join(encoding_names(i)).size());
  }
  for (const auto& i : spec->instructions())
    fmt::print("{:<{}}  {:<{}}  {}\n", i.name, wn, join(encoding_names(i)), we, i.summary);
  return 0;
}

// ---- spec show ---------------------------------------------------------------

using targets::describe_operand;
using targets::draw_diagram;
using targets::source_lines;

int run_show(const SpecOptions& o, const GlobalOptions& g) {
  auto spec = load_required_target(o);
  const InstructionSpec& inst = find_instruction(*spec, o.name);
  const SourceSet& src = spec->sources();
  if (g.json) {
    nlohmann::json encs = nlohmann::json::array();
    for (const auto& e : inst.encodings) {
      nlohmann::json fields = nlohmann::json::array(), ops = nlohmann::json::array();
      for (const auto& f : e.fields) fields.push_back({{"name", f.name}, {"lo", f.lo}, {"width", f.width}});
      for (const auto& op : e.operands) ops.push_back({{"name", op.name}, {"mapping", describe_operand(op)}});
      encs.push_back({{"name", e.name},
                      {"width", e.width},
                      {"diagram", e.diagram_text},
                      {"fixed_mask", e.fixed_mask.to_hex()},
                      {"fixed_value", e.fixed_value.to_hex()},
                      {"should_mask", e.should_mask.to_hex()},
                      {"should_value", e.should_value.to_hex()},
                      {"fields", fields},
                      {"syntax", e.syntax},
                      {"operands", ops},
                      {"features", e.features},
                      {"decode", source_lines(src, inst.source, e.decode_first_line, e.decode_last_line, 0)}});
    }
    nlohmann::json out = {{"name", inst.name},
                          {"summary", inst.summary},
                          {"file", inst.file},
                          {"features", inst.features},
                          {"encodings", encs},
                          {"operation", source_lines(src, inst.source, inst.operation_first_line,
                                                     inst.operation_last_line, 0)}};
    fmt::print("{}\n", out.dump(2));
    return 0;
  }
  fmt::print("{}\n{}\n", inst.name, inst.summary);
  if (!inst.features.empty()) fmt::print("Features: {}\n", join(inst.features));
  for (const auto& e : inst.encodings) {
    fmt::print("\nEncoding {}{}\n\n", e.name, e.features.empty() ? "" : " (" + join(e.features) + ")");
    for (const auto& l : draw_diagram(e)) fmt::print("    {}\n", l);
    if (!e.syntax.empty()) fmt::print("\n");
    for (const auto& s : e.syntax) fmt::print("    {}\n", s);
    if (!e.operands.empty()) {
      fmt::print("\n");
      size_t wn = 0;
      for (const auto& op : e.operands) wn = std::max(wn, op.name.size() + 2);
      for (const auto& op : e.operands) fmt::print("    {:<{}}  {}\n", "<" + op.name + ">", wn, describe_operand(op));
    }
    auto dec = source_lines(src, inst.source, e.decode_first_line, e.decode_last_line, 8);
    if (!dec.empty()) {
      fmt::print("\n    Decode\n");
      for (const auto& l : dec) fmt::print("{}\n", l);
    }
  }
  auto op = source_lines(src, inst.source, inst.operation_first_line, inst.operation_last_line, 4);
  if (!op.empty()) {
    fmt::print("\nOperation\n");
    for (const auto& l : op) fmt::print("{}\n", l);
  }
  return 0;
}

// ---- spec check --------------------------------------------------------------

int run_check(const SpecOptions& o, const GlobalOptions& g) {
  std::vector<std::string> targets;
  if (!o.target.empty()) targets.push_back(o.target);
  else targets = known_targets(o);
  if (targets.empty()) {
    fmt::print("no targets to check (none is embedded in this build; give --spec-dir DIR)\n");
    return 0;
  }
  nlohmann::json out = nlohmann::json::array();
  for (const auto& t : targets) {
    std::vector<DirFileEffect> effects;
    auto spec = load_target(t, o, &effects);
    size_t encodings = 0;
    for (const auto& i : spec->instructions()) encodings += i.encodings.size();
    // What each --spec-dir file replaced: a page that takes an embedded
    // instruction's name by chance replaces that instruction's page whole.
    if (g.json) {
      nlohmann::json j = {{"target", t}, {"instructions", spec->instructions().size()}, {"encodings", encodings}};
      if (o.dir()) {
        nlohmann::json dir = nlohmann::json::array();
        for (const DirFileEffect& e : effects) {
          nlohmann::json replaced = nlohmann::json::array();
          for (const auto& r : e.replaced) replaced.push_back({{"file", r.file}, {"by", r.by}});
          dir.push_back({{"file", e.file}, {"replaced", replaced}});
        }
        j["spec_dir"] = std::move(dir);
      }
      out.push_back(std::move(j));
      continue;
    }
    fmt::print("{}: {} instructions, {} encodings checked\n", t, spec->instructions().size(), encodings);
    // Over an embedded target each file is told; a target of the directory alone is only checked.
    const bool over_embedded = !embedded_specs(t).empty();
    for (const DirFileEffect& e : effects) {
      if (e.replaced.empty() && over_embedded) fmt::print("  {} adds to {}\n", e.file, t);
      for (const auto& r : e.replaced)
        fmt::print("  {} replaces {}{}{}\n", e.file, r.file, r.by.empty() ? "" : ", which holds ", join(r.by));
    }
  }
  if (g.json) fmt::print("{}\n", out.dump(2));
  return 0;
}

// ---- spec eval ---------------------------------------------------------------

std::string where(const SourceSet& sources, const Loc& loc) {
  if (loc.file >= sources.size()) return "?";
  return fmt::format("{}:{}:{}", sources.name(loc.file), loc.line, loc.col);
}

const char* end_name(EndOfInstruction::Kind k) {
  switch (k) {
    case EndOfInstruction::Kind::Undefined: return "UNDEFINED";
    case EndOfInstruction::Kind::Unpredictable: return "UNPREDICTABLE";
    case EndOfInstruction::Kind::ConstrainedUnpredictable: return "CONSTRAINED_UNPREDICTABLE";
    case EndOfInstruction::Kind::See: return "SEE";
    case EndOfInstruction::Kind::Nop: return "EndOfDecode(Decode_NOP)";
    case EndOfInstruction::Kind::Exception: return "exception";
  }
  return "end of instruction";
}

int run_eval(const SpecOptions& o, const GlobalOptions& g) {
  std::unique_ptr<TargetSpec> spec;
  std::unique_ptr<Module> own_module;
  SourceSet sources;
  Module* module;
  if (!o.target.empty()) {
    spec = load_target(o.target, o);
    sources = spec->sources();
    module = &spec->module();
  } else {
    own_module = std::make_unique<Module>();
    module = own_module.get();
  }
  const uint32_t file = sources.add("<eval>", o.statements);
  EvalProgram program = parse_eval(*module, sources, file);
  Checker checker(*module, sources, spec_builtins());
  const int32_t frame_size = checker.check_eval(program);

  Engine engine(*module, spec_builtins());
  engine.sources = &sources;
  std::vector<Value> frame(static_cast<size_t>(frame_size));
  Value result;
  try {
    engine.run({&program.block}, frame);
    if (program.result) result = engine.eval(*program.result, frame);
  } catch (const ExecutionError& e) {
    throw mlisa::Error(2, e.what(), e.format(sources));
  } catch (const RuntimeError& e) {
    throw InputError(e.what());
  } catch (const EndOfInstruction& end) {
    std::string what = end_name(end.kind);
    if (!end.detail.empty() && end.kind != EndOfInstruction::Kind::Undefined) what += " " + end.detail;
    throw InputError(fmt::format("{} at {}", what, where(sources, end.loc)));
  }
  if (!program.result || result.kind() == ValueKind::Void) return 0;
  if (g.json)
    fmt::print("{}\n", nlohmann::json{{"result", result.describe()}}.dump());
  else
    fmt::print("{}\n", result.describe());
  return 0;
}

// ---- spec doc ----------------------------------------------------------------

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::error_code ec;
  std::filesystem::create_directories(path.parent_path(), ec);
  if (ec) throw InputError(fmt::format("cannot create {}: {}", path.parent_path().string(), ec.message()));
  std::ofstream f(path, std::ios::binary);
  f << text;
  if (!f.flush()) throw InputError(fmt::format("cannot write {}", path.string()));
}

// Writes each target's pages under o.out and removes the .md files of a
// target's folder that it no longer generates (a group renamed or gone).
int run_doc(const SpecOptions& o) {
  if (o.out.empty()) {
    fmt::print("{}", targets::reference_document(*load_required_target(o)));
    return 0;
  }
  const std::vector<std::string> names = o.target.empty() ? known_targets(o) : std::vector<std::string>{o.target};
  for (const auto& t : names) {
    const auto pages = targets::reference_pages(*load_target(t, o));
    std::set<std::filesystem::path> written;
    for (const auto& p : pages) {
      const std::filesystem::path path = std::filesystem::path(o.out) / p.path;
      write_file(path, p.text);
      written.insert(path);
    }
    const std::filesystem::path dir = std::filesystem::path(o.out) / t;
    std::error_code ec;
    if (std::filesystem::is_directory(dir, ec))
      for (const auto& e : std::filesystem::directory_iterator(dir, ec))
        if (e.path().extension() == ".md" && !written.count(e.path())) std::filesystem::remove(e.path(), ec);
    fmt::print("{}: {} page{} in {}\n", t, pages.size(), pages.size() == 1 ? "" : "s", o.out);
  }
  return 0;
}

}  // namespace

Action setup_spec(CLI::App& sub, const GlobalOptions& global) {
  auto o = std::make_shared<SpecOptions>();
  sub.require_subcommand(1);
  sub.fallthrough();
  auto common = [&](CLI::App* c) {
    c->fallthrough();
    c->add_option("--target", o->target, "Target (a folder name under isa/ or --spec-dir)");
    c->add_option("--spec-dir", o->spec_dir,
                  "Also load DIR/<target>/*.isa (or DIR/*.isa); a file replaces the embedded one of its instruction");
  };
  CLI::App* list = sub.add_subcommand("list", "One line per instruction: name, encodings, summary");
  common(list);
  CLI::App* show = sub.add_subcommand("show", "An instruction as the manual prints it");
  common(show);
  show->add_option("name", o->name, "Instruction name (as `spec list` prints it)")->required();
  CLI::App* check = sub.add_subcommand("check", "Parse and check every spec file of a target (default: all targets)");
  common(check);
  CLI::App* eval = sub.add_subcommand("eval", "Run pseudocode statements and print the final expression's value");
  common(eval);
  eval->add_option("statements", o->statements, "Statements; the last may be an expression without ';'")->required();
  CLI::App* doc = sub.add_subcommand(
      "doc", "The instruction reference of a target, generated from its specs (Markdown, docs/reference)");
  common(doc);
  doc->add_option("--out", o->out,
                  "Write the reference into DIR (DIR/T.md or DIR/T/*.md) instead of printing it; without "
                  "--target, every target's");

  return [o, &global, list, show, check, eval, doc]() -> int {
    if (doc->parsed()) return run_doc(*o);
    if (list->parsed()) return run_list(*o, global);
    if (show->parsed()) return run_show(*o, global);
    if (check->parsed()) return run_check(*o, global);
    if (eval->parsed()) return run_eval(*o, global);
    return 2;
  };
}

}  // namespace mlisa::cli
