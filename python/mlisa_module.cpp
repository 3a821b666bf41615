// The Python module `mlisa` (docs/python.md): the targets' assemblers and
// disassemblers, the mve, sme2 and tcore machines, the FP library and the NPU GEMM,
// through the same library calls as the command line (mlisa as, disasm, run,
// fp, npu).
//
// Errors: every mlisa exception becomes a Python one (mlisa.InputError for bad
// input, mlisa.Fault for a fault of the simulated program, carrying its
// architectural name and PC); a wrong argument type is pybind11's TypeError;
// an unknown register, a value that does not fit, or memory that is not there
// is a ValueError naming the reason.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "core/fp.hpp"
#include "sim/gemm.hpp"
#include "sim/machine.hpp"
#include "targets/machines.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace py = pybind11;
using namespace mlisa;

namespace {

// ---- exceptions ----------------------------------------------------------------

PyObject* g_error = nullptr;        // mlisa.Error(Exception)
PyObject* g_input_error = nullptr;  // mlisa.InputError(Error, ValueError)
PyObject* g_check_failed = nullptr; // mlisa.CheckFailed(Error)
PyObject* g_fault = nullptr;        // mlisa.Fault(Error): .name, .pc, .message

// A fault of a machine, with the PC it stopped at (the machine knows it; the
// library's mlisa::Fault does not carry it).
struct MachineFault : std::exception {
  std::string name, message;
  std::optional<uint64_t> pc;
  const char* what() const noexcept override { return message.c_str(); }
};

void raise_fault(const std::string& name, const std::string& message, std::optional<uint64_t> pc) {
  const std::string text = message.empty() ? name : fmt::format("{}: {}", name, message);
  py::object e = py::reinterpret_steal<py::object>(PyObject_CallFunction(g_fault, "s", text.c_str()));
  if (!e) return;  // the call set the Python error
  e.attr("name") = name;
  e.attr("message") = message;
  e.attr("pc") = pc ? py::object(py::int_(*pc)) : py::object(py::none());
  PyErr_SetObject(g_fault, e.ptr());
}

// The message without "mlisa: error: " unless it carries a source location.
std::string text_of(const Error& e) {
  if (const auto* ie = dynamic_cast<const InputError*>(&e); ie && ie->location().line > 0) return e.what();
  return e.message();
}

void translate(std::exception_ptr p) {
  try {
    if (p) std::rethrow_exception(p);
  } catch (const MachineFault& f) {
    raise_fault(f.name, f.message, f.pc);
  } catch (const Fault& f) {
    raise_fault(f.fault_name(), f.message(), std::nullopt);
  } catch (const InputError& e) {
    PyErr_SetString(g_input_error, text_of(e).c_str());
  } catch (const UsageError& e) {
    PyErr_SetString(g_input_error, text_of(e).c_str());
  } catch (const CheckFailed& e) {
    PyErr_SetString(g_check_failed, text_of(e).c_str());
  } catch (const Error& e) {
    PyErr_SetString(g_error, text_of(e).c_str());
  }
}

[[noreturn]] void value_error(const std::string& msg) { throw py::value_error(msg); }

// ---- targets ----------------------------------------------------------------------

const std::vector<std::string> kTargets = {"mve", "sme2", "tcore"};

std::string checked_target(const std::string& name) {
  const std::string t = targets::canonical_target(name);
  for (const auto& k : kTargets)
    if (k == t) return t;
  value_error(fmt::format("unknown target '{}' (expected mve, sme2 or tcore)", name));
}

// Loading a target parses its specs: once per process, shared by every call
// and machine (a machine keeps its target alive through the shared_ptr).
struct Loaded {
  std::shared_ptr<targets::LoadedWordTarget> word;
  std::shared_ptr<targets::LoadedTarget> bundle;
};

const Loaded& loaded(const std::string& target) {
  static std::mutex mu;
  static std::map<std::string, Loaded> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(target);
  if (it != cache.end()) return it->second;
  Loaded l;
  if (targets::is_word_target(target))
    l.word = std::make_shared<targets::LoadedWordTarget>(targets::load_word_target(target, std::nullopt));
  else
    l.bundle = std::make_shared<targets::LoadedTarget>(targets::load_bundle_target(target));
  return cache.emplace(target, std::move(l)).first->second;
}

// The code of an assembled object (mlisa as --format bin): data sections are
// refused, as there.
py::bytes code_bytes(const as::Object& obj) {
  std::string out;
  for (const auto& s : obj.sections) {
    if (!s.code && !s.bytes.empty())
      throw InputError(fmt::format("assemble returns the code only, but section {} holds {} bytes", s.name,
                                   s.bytes.size()));
    if (s.code) out.append(s.bytes.begin(), s.bytes.end());
  }
  return py::bytes(out);
}

py::bytes assemble(const std::string& target_name, const std::string& text, const std::string& file) {
  const std::string target = checked_target(target_name);
  const Loaded& l = loaded(target);
  if (l.word) return code_bytes(as::assemble_word_program(*l.word->isa, text, file));
  return code_bytes(as::assemble_gas(l.bundle->isa->isa, targets::gas_target(*l.bundle->isa), text, file));
}

std::string disassemble(const std::string& target_name, const py::bytes& data, bool exact) {
  const std::string target = checked_target(target_name);
  const std::string s = data;
  const std::vector<uint8_t> bytes(s.begin(), s.end());
  const std::string file = "<bytes>";
  const auto sections = targets::image_sections(bytes, file);
  const Loaded& l = loaded(target);
  if (l.word) {
    const auto symbols = as::is_elf(bytes) ? as::read_elf(bytes, file).symbols : std::vector<as::ObjSymbol>{};
    return as::disassemble_words(*l.word->isa, sections, exact, file, symbols);
  }
  return targets::disassemble(*l.bundle->isa, sections, exact ? as::ExportMode::Exact : as::ExportMode::Canonical,
                              file);
}

// ---- Python ints and bits -----------------------------------------------------------

// A Python int of `width` bits: 0 <= v < 2^width, or a negative value down to
// -2^(width-1) (two's complement).
spec::Bits bits_of(const py::int_& value, uint32_t width, const std::string& what) {
  const py::int_ limit = py::int_(1) << py::int_(width);
  py::object v = value;
  if (v < py::int_(0)) {
    if (v < -(limit >> py::int_(1)))
      value_error(fmt::format("{}: {} does not fit {} bits", what, py::repr(value).cast<std::string>(), width));
    v = v + limit;
  } else if (!(v < limit)) {
    value_error(fmt::format("{}: {} does not fit {} bits", what, py::repr(value).cast<std::string>(), width));
  }
  const size_t nbytes = (width + 7) / 8;
  const std::string raw = v.attr("to_bytes")(nbytes, "little").cast<py::bytes>();
  spec::Bits b = spec::Bits::zeros(width);
  for (uint32_t i = 0; i < (b.width() + 63) / 64; ++i) {
    uint64_t w = 0;
    for (size_t k = 0; k < 8 && i * 8 + k < raw.size(); ++k)
      w |= static_cast<uint64_t>(static_cast<uint8_t>(raw[i * 8 + k])) << (8 * k);
    b.set_word(i, w);
  }
  return b;
}

py::int_ int_of(const spec::Bits& b) {
  std::string raw;
  for (uint32_t i = 0; i < (b.width() + 63) / 64; ++i)
    for (int k = 0; k < 8; ++k) raw += static_cast<char>((b.word(i) >> (8 * k)) & 0xff);
  return py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyLong_Type))
      .attr("from_bytes")(py::bytes(raw), "little");
}

void check_esize(int esize, uint32_t width, const std::string& reg) {
  if (esize != 8 && esize != 16 && esize != 32 && esize != 64)
    value_error(fmt::format("lane size {}: expected 8, 16, 32 or 64", esize));
  if (width % static_cast<uint32_t>(esize) != 0)
    value_error(fmt::format("{} ({} bits) is not a whole number of {}-bit lanes", reg, width, esize));
}

// The MXU's data type by name (mlisa.npu.gemm, TcoreMachine).
sim::DType dtype_of(const std::string& name) {
  if (name == "int8") return sim::DType::Int8;
  if (name == "bf16") return sim::DType::BF16;
  value_error(fmt::format("unknown dtype '{}' (expected int8 or bf16)", name));
}

// ---- machines -----------------------------------------------------------------------

// A machine of the one machine interface (sim/machine.hpp, docs/machine.md)
// as the Python classes show it: registers by name, lanes, memory, faults
// with the PC. MveMachine, Sme2Machine and TcoreMachine add what only their
// target has.
struct PyMachine {
  std::shared_ptr<const void> specs;  // the target's loaded specs, kept alive
  std::unique_ptr<sim::Machine> m;

  uint32_t width(const std::string& name) { return m->register_info(name).width; }
  py::int_ get(const std::string& name) { return int_of(m->get(name)); }
  void set(const std::string& name, const py::int_& value) { m->set(name, bits_of(value, width(name), name)); }
  std::vector<py::int_> lanes(const std::string& name, int esize, bool is_signed) {
    const uint32_t w = width(name);
    check_esize(esize, w, name);
    const spec::Bits b = m->get(name);
    std::vector<py::int_> out;
    for (uint32_t lo = 0; lo < w; lo += static_cast<uint32_t>(esize)) {
      const spec::Bits lane = b.slice(lo, static_cast<uint32_t>(esize));
      out.push_back(is_signed ? py::int_(static_cast<int64_t>(lane.to_sint())) : py::int_(lane.low64()));
    }
    return out;
  }
  void set_lanes(const std::string& name, int esize, const std::vector<py::int_>& values) {
    const uint32_t w = width(name);
    check_esize(esize, w, name);
    if (values.size() != w / static_cast<uint32_t>(esize))
      value_error(fmt::format("{} has {} lanes of {} bits, got {} values", name, w / static_cast<uint32_t>(esize),
                              esize, values.size()));
    spec::Bits b = spec::Bits::zeros(w);
    for (size_t i = 0; i < values.size(); ++i)
      b.set_slice(static_cast<uint32_t>(i) * static_cast<uint32_t>(esize),
                  bits_of(values[i], static_cast<uint32_t>(esize), fmt::format("{} lane {}", name, i)));
    m->set(name, b);
  }

  py::bytes read(uint64_t address, uint64_t size) {
    const std::vector<uint8_t> b = m->read_memory(address, size);
    return py::bytes(reinterpret_cast<const char*>(b.data()), b.size());
  }
  void write(uint64_t address, const py::bytes& data) {
    const std::string s = data;
    m->write_memory(address, std::vector<uint8_t>(s.begin(), s.end()));
  }
  std::vector<py::tuple> regions() {
    std::vector<py::tuple> out;
    if (const sim::Memory* mem = m->memory())
      for (const auto& r : mem->regions()) out.push_back(py::make_tuple(r.name, r.base, r.size, r.writable()));
    return out;
  }

  void load_file(const std::string& path) { m->load_file(path); }
  void load_source(const std::string& text, const std::string& file) { m->load_source(text, file); }
  void reset() { m->reset(); }
  uint64_t pc() { return m->pc(); }
  std::optional<int> exit_status() { return m->exit_status(); }
  uint64_t instructions() { return m->instructions(); }
  py::str output() {
    const std::string& s = m->output();
    return py::reinterpret_steal<py::str>(PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()), "replace"));
  }

  // A fault of the program leaves as a MachineFault with its PC.
  static void check(const sim::StepResult& r) {
    if (!r.faulted()) return;
    MachineFault mf;
    mf.name = r.fault;
    mf.message = r.message;
    mf.pc = r.pc;
    throw mf;
  }

  // Runs n instructions (fewer when the program exits).
  void step(uint64_t n) {
    for (uint64_t i = 0; i < n && !m->exit_status(); ++i) {
      check(m->step());
      if ((i & 0xffff) == 0xffff && PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
  }

  // Runs in chunks, so that Ctrl-C (a pending Python signal) stops a long
  // run between two chunks with KeyboardInterrupt.
  int run(uint64_t max_steps) {
    static constexpr uint64_t kChunk = 1 << 16;
    uint64_t left = max_steps;
    while (!m->exit_status()) {
      const uint64_t n = std::min(left, kChunk);
      const sim::StepResult r = m->run(n);
      left -= n;
      if (r.faulted() && (r.fault != "step limit" || left == 0)) {
        sim::StepResult limit = r;
        if (r.fault == "step limit")
          limit.message = fmt::format("{} instructions run without the program exiting", max_steps);
        check(limit);
      }
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
    return *m->exit_status();
  }

  // Runs f; a fault of the program leaves as a MachineFault with the PC.
  template <class F>
  auto guarded(F f) -> decltype(f()) {
    try {
      return f();
    } catch (const Fault& e) {
      MachineFault mf;
      mf.name = e.fault_name();
      mf.message = e.message();
      mf.pc = pc();
      throw mf;
    }
  }
};

// A raw code image at the text base, started at its first byte (a _start
// symbol there; `mlisa run` would take a raw image's vector table instead).
template <class M>
void load_bytes(M& m, const py::bytes& data) {
  const std::string s = data;
  as::Object obj;
  obj.sections.push_back({".text", true, 1, std::vector<uint8_t>(s.begin(), s.end()), std::nullopt});
  obj.symbols.push_back({"_start", 0, 0, true});
  m.raw().load(as::place_object(obj, std::remove_reference_t<decltype(m.raw())>::layout()));
}

// A word target's machine (mve, sme2): the interface plus its own
// machine, for loading raw bytes and running a snippet.
template <class M>
struct PyWordMachine : PyMachine {
  M* word;
  PyWordMachine(const char* name, const targets::MachineOptions& o) {
    const std::shared_ptr<targets::LoadedWordTarget> t = loaded(name).word;
    specs = t;
    auto owned = std::make_unique<M>(*t->isa, o);
    word = owned.get();
    m = std::move(owned);
  }
  void load_bytes(const py::bytes& data) { ::load_bytes(*word, data); }
  void execute(const std::string& text) {
    guarded([&] { word->raw().execute(text); });
  }
};

struct PyMve : PyWordMachine<targets::MveMachine> {
  explicit PyMve(bool fp) : PyWordMachine("mve", options(fp)) {}
  static targets::MachineOptions options(bool fp) {
    targets::MachineOptions o;
    o.fp_enabled = fp;
    return o;
  }
};

struct PySme2 : PyWordMachine<targets::Sme2Machine> {
  explicit PySme2(int svl) : PyWordMachine("sme2", options(svl)) {}
  static targets::MachineOptions options(int svl) {
    targets::MachineOptions o;
    o.svl = svl;
    return o;
  }
};

// The tcore machine (docs/npu.md): code memory of bundles from pc 0, a
// data memory from address 0, the MXU of its options.
struct PyTcore : PyMachine {
  targets::TcoreMachine* core;
  PyTcore(size_t memory_bytes, int array, const std::string& dtype, bool double_buffer) {
    targets::MachineOptions o;
    o.memory_bytes = memory_bytes;
    o.mxu.n = array;  // the machine checks it (2..256)
    o.mxu.dtype = dtype_of(dtype);
    o.mxu.double_buffer = double_buffer;
    const std::shared_ptr<targets::LoadedTarget> t = loaded("tcore").bundle;
    specs = t;
    auto owned = std::make_unique<targets::TcoreMachine>(*t->isa, o);
    core = owned.get();
    m = std::move(owned);
  }
  // A raw image of bundles (as `mlisa run` takes a FILE.bin), pc 0 its first.
  void load_bytes(const py::bytes& data) {
    const std::string s = data;
    const std::string file = "<bytes>";
    core->load_sections(targets::image_sections(std::vector<uint8_t>(s.begin(), s.end()), file), file);
  }
  uint64_t cycles() { return core->raw().cycles(); }
  uint64_t memory_size() { return core->raw().memory.size(); }
};

// What every machine class has.
template <class T>
void bind_common(const char* doc, py::class_<T>& c) {
  c.doc() = doc;
  c.def("width", &T::width, py::arg("name"), "Width in bits of a register (ValueError when unknown)")
      .def("get", &T::get, py::arg("name"), "A register as an unsigned int")
      .def("set", &T::set, py::arg("name"), py::arg("value"), "Sets a register (negative values: two's complement)")
      .def("__getitem__", &T::get)
      .def("__setitem__", &T::set)
      .def("lanes", &T::lanes, py::arg("name"), py::arg("esize"), py::arg("signed") = false,
           "A register as a list of esize-bit lanes, lane 0 first")
      .def("set_lanes", &T::set_lanes, py::arg("name"), py::arg("esize"), py::arg("values"))
      .def("read", &T::read, py::arg("address"), py::arg("size"), "Bytes of memory")
      .def("write", &T::write, py::arg("address"), py::arg("data"), "Writes bytes to memory (ignores read-only)")
      .def("regions", &T::regions, "The memory regions: (name, base, size, writable)")
      .def("load", &T::load_file, py::arg("path"), "Loads FILE.s, an ELF object or executable, or a raw image")
      .def("load_source", &T::load_source, py::arg("text"), py::arg("file") = "<python>",
           "Assembles a program and loads it")
      .def("reset", &T::reset, "The reset state: registers and memory zero, no program")
      .def("step", &T::step, py::arg("n") = 1, "Runs n instructions (fewer if the program exits)")
      .def("run", &T::run, py::arg("max_steps") = 10'000'000,
           "Runs to the program's exit and returns its status; Fault 'step limit' after max_steps")
      .def_property_readonly("pc", &T::pc)
      .def_property_readonly("exit_status", &T::exit_status)
      .def_property_readonly("output", &T::output, "What the program wrote to its console")
      .def_property_readonly("instructions", &T::instructions);
}

// The word targets' machines: raw code at the text base, one instruction run
// at the PC.
template <class T>
void bind_machine(const char* doc, py::class_<T>& c) {
  bind_common(doc, c);
  c.def("load_bytes", &T::load_bytes, py::arg("code"), "Loads a raw code image at the text base, starting at its first byte")
      .def("execute", &T::execute, py::arg("text"), "Assembles and runs one instruction at the PC");
}

// ---- fp ---------------------------------------------------------------------------------

fp::Format format_of(const std::string& name) {
  if (auto f = fp::parse_format(name)) return *f;
  value_error(fmt::format("unknown format '{}' (expected f16, bf16, f32 or f64)", name));
}

uint64_t operand(fp::Format f, const py::int_& v, const char* what) {
  return bits_of(v, static_cast<uint32_t>(fp::traits(f).width), what).low64();
}

fp::Context context_of(uint32_t fpcr, const std::optional<std::string>& rounding) {
  fp::Context ctx;
  ctx.fpcr = fp::FPCR::from_bits(fpcr);
  if (rounding) {
    auto r = fp::parse_rounding(*rounding);
    if (!r) value_error(fmt::format("unknown rounding '{}' (expected nearest, posinf, neginf, zero, tieaway, odd)", *rounding));
    ctx.fpcr.rmode = *r;
  }
  return ctx;
}

using Binary = uint64_t (*)(fp::Format, uint64_t, uint64_t, fp::Context&);

void def_binary(py::module_& m, const char* name, Binary f, const char* doc) {
  m.def(
      name,
      [f](const std::string& format, const py::int_& a, const py::int_& b, uint32_t fpcr,
          const std::optional<std::string>& rounding) {
        const fp::Format fmt_ = format_of(format);
        fp::Context ctx = context_of(fpcr, rounding);
        const uint64_t r = f(fmt_, operand(fmt_, a, "a"), operand(fmt_, b, "b"), ctx);
        return py::make_tuple(r, ctx.flags);
      },
      py::arg("format"), py::arg("a"), py::arg("b"), py::kw_only(), py::arg("fpcr") = 0,
      py::arg("rounding") = py::none(), doc);
}

// A conversion type: a float format or s32/u32/s64/u64.
struct CvtType {
  bool is_int = false;
  fp::Format fmt = fp::Format::F32;
  int width = 32;
  bool is_signed = false;
};

CvtType cvt_type(const std::string& name) {
  if (auto f = fp::parse_format(name)) return {false, *f, fp::traits(*f).width, false};
  if (name.size() == 3 && (name[0] == 's' || name[0] == 'u') && (name.substr(1) == "32" || name.substr(1) == "64"))
    return {true, fp::Format::F32, std::stoi(name.substr(1)), name[0] == 's'};
  value_error(fmt::format("unknown type '{}' (expected f16, bf16, f32, f64, s32, u32, s64 or u64)", name));
}

// ---- npu ----------------------------------------------------------------------------------

sim::Matrix matrix_of(const std::vector<std::vector<py::int_>>& rows, sim::DType dtype, const char* what) {
  sim::Matrix m;
  m.rows = static_cast<int64_t>(rows.size());
  m.cols = rows.empty() ? 0 : static_cast<int64_t>(rows[0].size());
  for (size_t i = 0; i < rows.size(); ++i) {
    if (static_cast<int64_t>(rows[i].size()) != m.cols)
      value_error(fmt::format("{}: row {} has {} values, row 0 has {}", what, i, rows[i].size(), m.cols));
    for (size_t j = 0; j < rows[i].size(); ++j) {
      const auto where = fmt::format("{}[{}][{}]", what, i, j);
      if (dtype == sim::DType::Int8) {
        const int64_t v = rows[i][j].cast<int64_t>();
        if (v < -128 || v > 127) value_error(fmt::format("{}: {} is not an int8 (-128..127)", where, v));
        m.v.push_back(static_cast<uint16_t>(static_cast<uint8_t>(static_cast<int8_t>(v))));
      } else {
        m.v.push_back(static_cast<uint16_t>(bits_of(rows[i][j], 16, where).low64()));
      }
    }
  }
  return m;
}

py::dict gemm(const std::vector<std::vector<py::int_>>& a, const std::vector<std::vector<py::int_>>& b,
              const std::string& dtype, int n, bool double_buffer) {
  sim::NpuConfig cfg;
  cfg.dtype = dtype_of(dtype);
  cfg.n = n;
  cfg.double_buffer = double_buffer;
  sim::Gemm g;
  g.dtype = cfg.dtype;
  g.a = matrix_of(a, cfg.dtype, "a");
  g.b = matrix_of(b, cfg.dtype, "b");
  if (g.a.rows == 0 || g.a.cols == 0 || g.b.cols == 0) value_error("gemm: a and b must not be empty");
  if (g.a.cols != g.b.rows)
    value_error(fmt::format("gemm: a is {}x{} but b is {}x{} (a's columns must equal b's rows)", g.a.rows, g.a.cols,
                            g.b.rows, g.b.cols));
  const sim::GemmRun run = sim::run_gemm(cfg, g);
  py::list c;
  for (int64_t i = 0; i < g.m(); ++i) {
    py::list row;
    for (int64_t j = 0; j < g.n(); ++j) {
      const uint32_t v = run.c[static_cast<size_t>(i * g.n() + j)];
      row.append(cfg.dtype == sim::DType::Int8 ? py::int_(static_cast<int32_t>(v)) : py::int_(v));
    }
    c.append(row);
  }
  py::dict d;
  d["c"] = c;
  d["cycles"] = run.stats.cycles;
  d["macs"] = run.plan.macs;
  d["array_macs"] = run.stats.array_macs;
  d["ideal_cycles"] = run.plan.ideal_cycles;
  d["ops"] = run.plan.ops.size();
  d["flags"] = run.stats.flags;
  return d;
}

}  // namespace

PYBIND11_MODULE(mlisa, mod) {
  mod.doc() = "mlisa: assemble, disassemble and run the mve, sme2 and tcore targets (docs/python.md)";
  mod.attr("__version__") = MLISA_VERSION;

  g_error = PyErr_NewExceptionWithDoc("mlisa.Error", "Base of mlisa's errors", PyExc_Exception, nullptr);
  py::tuple input_bases = py::make_tuple(py::handle(g_error), py::handle(PyExc_ValueError));
  g_input_error = PyErr_NewExceptionWithDoc("mlisa.InputError", "Bad input: a source line, a file, an operand",
                                            input_bases.ptr(), nullptr);
  g_check_failed = PyErr_NewExceptionWithDoc("mlisa.CheckFailed", "A self-check failed", g_error, nullptr);
  g_fault = PyErr_NewExceptionWithDoc(
      "mlisa.Fault", "The simulated program faulted: .name (architectural), .message, .pc (None when unknown)", g_error,
      nullptr);
  mod.add_object("Error", py::handle(g_error));
  mod.add_object("InputError", py::handle(g_input_error));
  mod.add_object("CheckFailed", py::handle(g_check_failed));
  mod.add_object("Fault", py::handle(g_fault));
  py::register_exception_translator(translate);

  mod.def("targets", [] { return kTargets; }, "The targets: mve, sme2, tcore");
  mod.def("assemble", &assemble, py::arg("target"), py::arg("text"), py::arg("file") = "<python>",
          "Assembles GNU-as source and returns the code bytes (as `mlisa as --format bin`)");
  mod.def("disassemble", &disassemble, py::arg("target"), py::arg("data"), py::kw_only(), py::arg("exact") = false,
          "Disassembles a raw code image or an ELF object (as `mlisa disasm`)");

  py::class_<PyMve> mve(mod, "MveMachine");
  mve.def(py::init<bool>(), py::arg("fp_enabled") = true);
  bind_machine("The mve target (Armv8.1-M + MVE): ITCM at 0x0, DTCM at 0x20000000; semihosting output in .output",
               mve);
  py::class_<PySme2> sme2(mod, "Sme2Machine");
  sme2.def(py::init<int>(), py::arg("svl") = 512)
      .def("start_streaming", [](PySme2& s) { s.word->raw().start_streaming(); }, "SVCR.SM = SVCR.ZA = 1 (as mlisa exec)")
      .def_property_readonly("svl", [](PySme2& s) { return s.word->raw().svl(); });
  bind_machine("The sme2 target (A64 + SME2): a Linux process's layout; write(1/2) in .output",
               sme2);
  py::class_<PyTcore> tcore(mod, "TcoreMachine");
  tcore
      .def(py::init<size_t, int, const std::string&, bool>(), py::kw_only(), py::arg("memory") = size_t{1} << 20,
           py::arg("array") = 4, py::arg("dtype") = "int8", py::arg("double_buffer") = false)
      .def("load_bytes", &PyTcore::load_bytes, py::arg("code"),
           "Loads a raw image of 512-bit bundles (as mlisa run a FILE.bin), pc 0 its first")
      .def_property_readonly("cycles", &PyTcore::cycles, "The MXU's cycles so far (halt waits until it is idle)")
      .def_property_readonly("memory_size", &PyTcore::memory_size, "The data memory's size in bytes");
  bind_common("The tcore target (docs/npu.md, docs/reference/tcore.md): bundles from pc 0, data memory at 0; a "
              "step runs one bundle; halt is the exit (status 0)",
              tcore);
  mod.def(
      "machine",
      [](const std::string& target, const py::kwargs& kw) -> py::object {
        const std::string t = checked_target(target);
        const py::module_ self = py::module_::import("mlisa");
        if (t == "mve") return self.attr("MveMachine")(**kw);
        if (t == "sme2") return self.attr("Sme2Machine")(**kw);
        return self.attr("TcoreMachine")(**kw);
      },
      py::arg("target"), "A machine of the target: MveMachine, Sme2Machine or TcoreMachine");

  py::module_ f = mod.def_submodule("fp", "The Arm floating-point library (docs/fp.md): values are bit patterns; "
                                          "each call returns (bits, flags)");
  def_binary(f, "add", fp::FPAdd, "FPAdd");
  def_binary(f, "sub", fp::FPSub, "FPSub");
  def_binary(f, "mul", fp::FPMul, "FPMul");
  def_binary(f, "div", fp::FPDiv, "FPDiv");
  def_binary(f, "max", fp::FPMax, "FPMax");
  def_binary(f, "min", fp::FPMin, "FPMin");
  def_binary(f, "maxnum", fp::FPMaxNum, "FPMaxNum");
  def_binary(f, "minnum", fp::FPMinNum, "FPMinNum");
  f.def(
      "sqrt",
      [](const std::string& format, const py::int_& a, uint32_t fpcr, const std::optional<std::string>& rounding) {
        const fp::Format fm = format_of(format);
        fp::Context ctx = context_of(fpcr, rounding);
        const uint64_t r = fp::FPSqrt(fm, operand(fm, a, "a"), ctx);
        return py::make_tuple(r, ctx.flags);
      },
      py::arg("format"), py::arg("a"), py::kw_only(), py::arg("fpcr") = 0, py::arg("rounding") = py::none(), "FPSqrt");
  f.def(
      "muladd",
      [](const std::string& format, const py::int_& addend, const py::int_& a, const py::int_& b, uint32_t fpcr,
         const std::optional<std::string>& rounding) {
        const fp::Format fm = format_of(format);
        fp::Context ctx = context_of(fpcr, rounding);
        const uint64_t r =
            fp::FPMulAdd(fm, operand(fm, addend, "addend"), operand(fm, a, "a"), operand(fm, b, "b"), ctx);
        return py::make_tuple(r, ctx.flags);
      },
      py::arg("format"), py::arg("addend"), py::arg("a"), py::arg("b"), py::kw_only(), py::arg("fpcr") = 0,
      py::arg("rounding") = py::none(), "FPMulAdd: addend + a * b, rounded once");
  f.def(
      "compare",
      [](const std::string& format, const py::int_& a, const py::int_& b, bool signal_nans, uint32_t fpcr) {
        const fp::Format fm = format_of(format);
        fp::Context ctx = context_of(fpcr, std::nullopt);
        const uint32_t nzcv = fp::FPCompare(fm, operand(fm, a, "a"), operand(fm, b, "b"), signal_nans, ctx);
        return py::make_tuple(nzcv, ctx.flags);
      },
      py::arg("format"), py::arg("a"), py::arg("b"), py::kw_only(), py::arg("signal_nans") = false,
      py::arg("fpcr") = 0, "FPCompare: (NZCV, flags); 0b0110 equal, 0b1000 less, 0b0010 greater, 0b0011 unordered");
  using Unary = uint64_t (*)(fp::Format, uint64_t);
  for (const auto& [name, fn] : {std::pair<const char*, Unary>{"abs", fp::FPAbs}, {"neg", fp::FPNeg}})
    f.def(
        name,
        [fn = fn](const std::string& format, const py::int_& a) {
          const fp::Format fm = format_of(format);
          return py::make_tuple(fn(fm, operand(fm, a, "a")), 0u);
        },
        py::arg("format"), py::arg("a"), name[0] == 'a' ? "FPAbs" : "FPNeg");
  f.def(
      "convert",
      [](const std::string& from, const std::string& to, const py::int_& a, uint32_t fpcr,
         const std::optional<std::string>& rounding) {
        const CvtType tf = cvt_type(from), tt = cvt_type(to);
        if (tf.is_int && tt.is_int) value_error("convert: one of the two types must be a float format");
        fp::Context ctx = context_of(fpcr, rounding);
        const uint64_t op = bits_of(a, static_cast<uint32_t>(tf.width), "a").low64();
        uint64_t r;
        if (tt.is_int) r = fp::FPToFixed(tf.fmt, op, 0, !tt.is_signed, tt.width, ctx, ctx.fpcr.rmode);
        else if (tf.is_int) r = fp::FixedToFP(tt.fmt, op, 0, !tf.is_signed, tf.width, ctx, ctx.fpcr.rmode);
        else r = fp::FPConvert(tf.fmt, tt.fmt, op, ctx, ctx.fpcr.rmode);
        return py::make_tuple(r, ctx.flags);
      },
      py::arg("from_type"), py::arg("to_type"), py::arg("a"), py::kw_only(), py::arg("fpcr") = 0,
      py::arg("rounding") = py::none(),
      "FPConvert, FPToFixed or FixedToFP between f16, bf16, f32, f64, s32, u32, s64, u64 (integers as bit patterns)");
  f.def("flags_to_string", &fp::flags_to_string, py::arg("flags"), "\"IOC,IXC\" in bit order, or \"-\"");
  f.attr("IOC") = fp::flag::IOC;
  f.attr("DZC") = fp::flag::DZC;
  f.attr("OFC") = fp::flag::OFC;
  f.attr("UFC") = fp::flag::UFC;
  f.attr("IXC") = fp::flag::IXC;
  f.attr("IDC") = fp::flag::IDC;

  py::module_ npu = mod.def_submodule("npu", "The tcore matrix unit (docs/npu.md)");
  npu.def("gemm", &gemm, py::arg("a"), py::arg("b"), py::kw_only(), py::arg("dtype") = "int8", py::arg("n") = 4,
          py::arg("double_buffer") = false,
          "C = A * B on the MXU cycle model (as `mlisa npu gemm`): a dict with c (int32 values, or fp32 bits for "
          "bf16), cycles, macs, array_macs, ideal_cycles, ops, flags");
}
