// mlisa spec: the spec files of a target (docs/spec-format.md).
//
//   mlisa spec list  --target T [--spec-dir DIR] [--json]
//   mlisa spec show  --target T NAME [--spec-dir DIR] [--json]
//   mlisa spec check [--target T] [--spec-dir DIR]
//   mlisa spec eval  [--target T] [--spec-dir DIR] 'STATEMENTS'
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

// The builtins every spec may call. Target natives (registers, memory) join
// here when the target layer provides them.
const BuiltinTable& spec_builtins() {
  static const BuiltinTable table = [] {
    BuiltinTable t;
    add_standard_builtins(t);
    add_fp_builtins(t);
    add_engine_builtins(t);
    targets::add_target_builtins(t);
    return t;
  }();
  return table;
}

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

std::unique_ptr<TargetSpec> load_target(const std::string& target, const SpecOptions& o) {
  std::vector<SpecSource> sources = specs_with_dir(target, o.dir());
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

// Bit offsets from the top at which the diagram has a `|`.
std::set<uint32_t> bar_positions(const std::string& diagram) {
  std::set<uint32_t> bars;
  uint32_t n = 0;
  size_t p = 0;
  while (p < diagram.size()) {
    while (p < diagram.size() && diagram[p] == ' ') ++p;
    size_t e = diagram.find(' ', p);
    std::string t = diagram.substr(p, e == std::string::npos ? std::string::npos : e - p);
    p = e == std::string::npos ? diagram.size() : e;
    if (t.empty()) continue;
    if (t == "|") bars.insert(n);
    else if (t == "(0)" || t == "(1)") n += 1;
    else if (t.find_first_not_of("01") == std::string::npos) n += static_cast<uint32_t>(t.size());
    else if (auto c = t.find(':'); c != std::string::npos) n += static_cast<uint32_t>(std::stoul(t.substr(c + 1)));
    else n += 1;
  }
  return bars;
}

// The encoding diagram as a box: bit numbers above, each fixed bit, should-be
// bit ((0), (1)) and field in its columns.
std::vector<std::string> draw_diagram(const Encoding& enc) {
  struct Cell {
    uint32_t start, bits;  // from the top
    std::string label;
  };
  std::vector<Cell> cells;
  const uint32_t width = enc.width;
  uint32_t i = 0;
  while (i < width) {
    const uint32_t b = width - 1 - i;
    const EncodingField* field = nullptr;
    for (const auto& f : enc.fields)
      if (b >= f.lo && b < f.lo + f.width) field = &f;
    if (field) {
      cells.push_back({i, field->width, field->name});
      i += field->width;
    } else if (enc.should_mask.bit(b)) {
      cells.push_back({i, 1, enc.should_value.bit(b) ? "(1)" : "(0)"});
      ++i;
    } else {
      cells.push_back({i, 1, enc.fixed_value.bit(b) ? "1" : "0"});
      ++i;
    }
  }
  size_t w = std::max<size_t>(2, std::to_string(width - 1).size());
  for (const Cell& c : cells)
    while (c.label.size() > c.bits * w + (c.bits - 1)) ++w;
  const auto bars = bar_positions(enc.diagram_text);
  const size_t total = width * (w + 1) + 1;

  std::string top(total, '-');
  top.front() = top.back() = '+';
  std::string header;
  for (uint32_t k = 0; k < width; ++k) {
    header += (k == 0 || bars.count(k)) ? '|' : ' ';
    header += fmt::format("{:>{}}", width - 1 - k, w);
  }
  header += '|';
  std::string rule, row;
  for (const Cell& c : cells) {
    const size_t inner = c.bits * w + (c.bits - 1);
    rule += '+' + std::string(inner, '-');
    const size_t left = (inner - c.label.size() + 1) / 2;
    row += '|' + std::string(left, ' ') + c.label + std::string(inner - c.label.size() - left, ' ');
  }
  rule += '+';
  row += '|';
  return {top, header, rule, row, rule};
}

std::string pattern_text(const BitPattern& p) {
  std::string s;
  for (uint32_t k = p.care.width(); k-- > 0;) s += p.care.bit(k) ? (p.value.bit(k) ? '1' : '0') : 'x';
  return s;
}

std::string describe_operand(const OperandMap& op) {
  std::string s = op.kind;
  if (op.kind == "const") return s + " " + op.constant;
  if (!op.reg_class.empty()) s += " " + op.reg_class;
  s += " " + op.fields.text;
  if (op.kind == "vreglist") {
    s += " " + op.count_fields.text;
    for (const auto& o : op.label_options) s += " " + o;
  }
  if (op.kind == "list") {
    s += fmt::format(" {}", op.count);
    if (op.stride != 1) s += fmt::format(" {}", op.stride);
  }
  if (op.scale != 1) s += fmt::format(" * {}", op.scale);
  if (op.offset > 0) s += fmt::format(" + {}", op.offset);
  if (op.offset < 0) s += fmt::format(" - {}", -op.offset);
  for (const auto& [pat, spelling] : op.table) s += fmt::format(" '{}'={}", pattern_text(pat), spelling);
  return s;
}

// Lines [first, last] of a source, re-indented to `indent` spaces.
std::vector<std::string> source_lines(const SourceSet& sources, uint32_t file, uint32_t first, uint32_t last,
                                      size_t indent) {
  std::vector<std::string> lines;
  if (!first || last < first) return lines;
  const std::string& text = sources.text(file);
  size_t p = 0;
  for (uint32_t n = 1; n <= last && p <= text.size(); ++n) {
    size_t e = text.find('\n', p);
    if (e == std::string::npos) e = text.size();
    if (n >= first) {
      std::string l = text.substr(p, e - p);
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
    p = e + 1;
  }
  size_t common = std::string::npos;
  for (const auto& l : lines)
    if (l.find_first_not_of(" \t") != std::string::npos) common = std::min(common, l.find_first_not_of(" \t"));
  if (common == std::string::npos) common = 0;
  for (auto& l : lines) l = l.find_first_not_of(" \t") == std::string::npos ? "" : std::string(indent, ' ') + l.substr(common);
  return lines;
}

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
    auto spec = load_target(t, o);
    size_t encodings = 0;
    for (const auto& i : spec->instructions()) encodings += i.encodings.size();
    if (g.json)
      out.push_back({{"target", t}, {"instructions", spec->instructions().size()}, {"encodings", encodings}});
    else
      fmt::print("{}: {} instructions, {} encodings checked\n", t, spec->instructions().size(), encodings);
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
  CLI::App* doc = sub.add_subcommand("doc", "The reference manual of a bundle target, generated from its specs (Markdown)");
  common(doc);

  return [o, &global, list, show, check, eval, doc]() -> int {
    if (doc->parsed()) {
      auto ts = load_required_target(*o);
      fmt::print("{}", targets::bundle_manual(*targets::build_isa(*ts)));
      return 0;
    }
    if (list->parsed()) return run_list(*o, global);
    if (show->parsed()) return run_show(*o, global);
    if (check->parsed()) return run_check(*o, global);
    if (eval->parsed()) return run_eval(*o, global);
    return 2;
  };
}

}  // namespace mlisa::cli
