// ELF through libelf (elf.hpp).
#include "asm/elf.hpp"

#include "core/diag.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>

namespace mlisa::as {

namespace {

[[noreturn]] void elf_fail(const std::string& what) {
  throw InputError(fmt::format("{}: {}", what, elf_errmsg(-1)));
}

struct StrTab {
  std::string data{'\0'};
  uint32_t add(const std::string& s) {
    const uint32_t at = static_cast<uint32_t>(data.size());
    data += s;
    data += '\0';
    return at;
  }
};

}  // namespace

bool uses_rela(uint16_t machine) { return machine == EM_AARCH64; }

std::string data_relocation(uint16_t machine, int size, bool pcrel) {
  if (machine == EM_ARM && pcrel) return size == 4 ? "R_ARM_REL32" : "";
  if (machine == EM_ARM) return size == 4 ? "R_ARM_ABS32" : size == 2 ? "R_ARM_ABS16" : size == 1 ? "R_ARM_ABS8" : "";
  if (machine == EM_AARCH64 && pcrel)
    return size == 8 ? "R_AARCH64_PREL64" : size == 4 ? "R_AARCH64_PREL32" : size == 2 ? "R_AARCH64_PREL16" : "";
  if (machine == EM_AARCH64)
    return size == 8 ? "R_AARCH64_ABS64" : size == 4 ? "R_AARCH64_ABS32" : size == 2 ? "R_AARCH64_ABS16" : "";
  return "";
}

int data_relocation_size(uint16_t machine, std::string_view type, bool& pcrel) {
  for (int size : {1, 2, 4, 8})
    for (bool p : {false, true})
      if (data_relocation(machine, size, p) == type) return pcrel = p, size;
  return 0;
}

namespace {

// The relocations the Arm targets' specs and data name (numbers from the
// ELF ABIs for the Arm and the Arm 64-bit architectures, as <elf.h> has them).
const std::map<std::string_view, uint32_t>& relocation_table(uint16_t machine) {
  static const std::map<std::string_view, uint32_t> arm = {
      {"R_ARM_NONE", R_ARM_NONE},
      {"R_ARM_PREL31", R_ARM_PREL31},
      {"R_ARM_V4BX", R_ARM_V4BX},
      {"R_ARM_THM_PC8", R_ARM_THM_PC8},
      {"R_ARM_THM_PC12", R_ARM_THM_PC12},
      {"R_ARM_THM_JUMP6", R_ARM_THM_JUMP6},
      {"R_ARM_THM_JUMP8", R_ARM_THM_PC9},    // <elf.h>'s older names for R_ARM_THM_JUMP8 (103)
      {"R_ARM_THM_JUMP11", R_ARM_THM_PC11},  // and R_ARM_THM_JUMP11 (102)
      {"R_ARM_THM_ALU_PREL_11_0", R_ARM_THM_ALU_PREL_11_0},
      {"R_ARM_ABS32", R_ARM_ABS32},
      {"R_ARM_REL32", R_ARM_REL32},
      {"R_ARM_ABS16", R_ARM_ABS16},
      {"R_ARM_ABS8", R_ARM_ABS8},
      {"R_ARM_THM_CALL", R_ARM_THM_PC22},  // <elf.h>'s older name for R_ARM_THM_CALL (10)
      {"R_ARM_THM_JUMP24", R_ARM_THM_JUMP24},
      {"R_ARM_THM_JUMP19", R_ARM_THM_JUMP19},
      {"R_ARM_THM_MOVW_ABS_NC", R_ARM_THM_MOVW_ABS_NC},
      {"R_ARM_THM_MOVT_ABS", R_ARM_THM_MOVT_ABS},
  };
  static const std::map<std::string_view, uint32_t> a64 = {
      {"R_AARCH64_ABS64", R_AARCH64_ABS64},
      {"R_AARCH64_ABS32", R_AARCH64_ABS32},
      {"R_AARCH64_ABS16", R_AARCH64_ABS16},
      {"R_AARCH64_PREL64", R_AARCH64_PREL64},
      {"R_AARCH64_PREL32", R_AARCH64_PREL32},
      {"R_AARCH64_PREL16", R_AARCH64_PREL16},
      {"R_AARCH64_CALL26", R_AARCH64_CALL26},
      {"R_AARCH64_JUMP26", R_AARCH64_JUMP26},
      {"R_AARCH64_CONDBR19", R_AARCH64_CONDBR19},
      {"R_AARCH64_LD_PREL_LO19", R_AARCH64_LD_PREL_LO19},
      {"R_AARCH64_TSTBR14", R_AARCH64_TSTBR14},
      {"R_AARCH64_ADR_PREL_LO21", R_AARCH64_ADR_PREL_LO21},
      {"R_AARCH64_ADR_PREL_PG_HI21", R_AARCH64_ADR_PREL_PG_HI21},
      {"R_AARCH64_ADD_ABS_LO12_NC", R_AARCH64_ADD_ABS_LO12_NC},
      {"R_AARCH64_LDST8_ABS_LO12_NC", R_AARCH64_LDST8_ABS_LO12_NC},
      {"R_AARCH64_LDST16_ABS_LO12_NC", R_AARCH64_LDST16_ABS_LO12_NC},
      {"R_AARCH64_LDST32_ABS_LO12_NC", R_AARCH64_LDST32_ABS_LO12_NC},
      {"R_AARCH64_LDST64_ABS_LO12_NC", R_AARCH64_LDST64_ABS_LO12_NC},
      {"R_AARCH64_LDST128_ABS_LO12_NC", R_AARCH64_LDST128_ABS_LO12_NC},
  };
  static const std::map<std::string_view, uint32_t> none;
  return machine == EM_ARM ? arm : machine == EM_AARCH64 ? a64 : none;
}

}  // namespace

std::optional<uint32_t> relocation_number(uint16_t machine, std::string_view name) {
  const auto& table = relocation_table(machine);
  const auto it = table.find(name);
  if (it == table.end()) return std::nullopt;
  return it->second;
}

std::optional<std::string> relocation_name(uint16_t machine, uint32_t number) {
  for (const auto& [name, n] : relocation_table(machine))
    if (n == number) return std::string(name);
  return std::nullopt;
}

void write_elf(const Object& obj, const ElfOptions& opt, const std::string& path) {
  if (elf_version(EV_CURRENT) == EV_NONE) elf_fail("libelf");
  // libelf sizes its output with ftruncate, which a device or a pipe
  // (`-o /dev/null`) refuses: such a path gets the bytes of a temporary file.
  struct stat st{};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    std::string tmp = (std::filesystem::temp_directory_path() / "mlisa-elf-XXXXXX").string();
    const int t = ::mkstemp(tmp.data());
    if (t < 0) throw InputError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
    ::close(t);
    try {
      write_elf(obj, opt, tmp);
      std::ifstream in(tmp, std::ios::binary);
      std::ofstream out(path, std::ios::binary);
      out << in.rdbuf();
      if (!out) throw InputError(fmt::format("{}: cannot write", path));
    } catch (...) {
      std::remove(tmp.c_str());
      throw;
    }
    std::remove(tmp.c_str());
    return;
  }
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) throw InputError(fmt::format("{}: cannot write: {}", path, std::strerror(errno)));
  Elf* e = elf_begin(fd, ELF_C_WRITE, nullptr);
  if (!e) {
    ::close(fd);
    elf_fail(path);
  }
  auto done = [&] {
    elf_end(e);
    ::close(fd);
  };
  try {
    const int cls = opt.is64 ? ELFCLASS64 : ELFCLASS32;
    if (!gelf_newehdr(e, cls)) elf_fail(path);
    GElf_Ehdr eh;
    if (!gelf_getehdr(e, &eh)) elf_fail(path);
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_OSABI] = ELFOSABI_NONE;
    eh.e_type = ET_REL;
    eh.e_machine = opt.machine;
    eh.e_version = EV_CURRENT;
    eh.e_flags = opt.flags;

    StrTab shstr, str;
    std::vector<size_t> index;  // ELF section index of each object section
    for (const ObjSection& s : obj.sections) {
      Elf_Scn* scn = elf_newscn(e);
      if (!scn) elf_fail(path);
      Elf_Data* d = elf_newdata(scn);
      if (!d) elf_fail(path);
      d->d_buf = s.nobits ? nullptr : const_cast<uint8_t*>(s.bytes.data());
      d->d_size = s.bytes.size();
      d->d_type = ELF_T_BYTE;
      d->d_align = s.align;
      d->d_version = EV_CURRENT;
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh)) elf_fail(path);
      sh.sh_name = shstr.add(s.name);
      sh.sh_type = s.nobits ? SHT_NOBITS : SHT_PROGBITS;
      sh.sh_flags = s.flags ? *s.flags : SHF_ALLOC | (s.code ? SHF_EXECINSTR : SHF_WRITE);
      sh.sh_addralign = s.align;
      sh.sh_entsize = s.entsize;
      if (!gelf_update_shdr(scn, &sh)) elf_fail(path);
      index.push_back(elf_ndxscn(scn));
    }
    // Symbols: null, one per section, locals, globals.
    const bool arm = opt.machine == EM_ARM || opt.machine == EM_AARCH64;
    std::vector<GElf_Sym> syms(1);
    for (size_t i = 0; i < obj.sections.size(); ++i) {
      GElf_Sym s{};
      s.st_info = GELF_ST_INFO(STB_LOCAL, STT_SECTION);
      s.st_shndx = static_cast<uint16_t>(index[i]);
      syms.push_back(s);
    }
    std::vector<size_t> sym_at(obj.symbols.size(), 0);  // ELF symbol index of each object symbol (0: left out)
    auto add = [&](size_t k) {
      const ObjSymbol& o = obj.symbols[k];
      GElf_Sym s{};
      s.st_name = str.add(o.name);
      s.st_value = o.value;
      const bool code = o.section >= 0 && obj.sections[static_cast<size_t>(o.section)].code;
      // Arm symbols have the type `.type` gave them, as GNU as makes them (a
      // Thumb function's value has bit 0 set); other targets' code labels are
      // functions and their data labels objects.
      unsigned char type = o.type == ObjSymbol::Func ? STT_FUNC : o.type == ObjSymbol::Object ? STT_OBJECT : STT_NOTYPE;
      if (!arm && o.type == ObjSymbol::NoType && o.section >= 0) type = code ? STT_FUNC : STT_OBJECT;
      if (opt.machine == EM_ARM && type == STT_FUNC && code) s.st_value |= 1;
      s.st_size = o.size.value_or(0);
      s.st_info = GELF_ST_INFO(o.weak ? STB_WEAK : o.global ? STB_GLOBAL : STB_LOCAL, type);
      s.st_shndx = o.common      ? SHN_COMMON
                   : o.undefined ? SHN_UNDEF
                   : o.section >= 0 ? static_cast<uint16_t>(index[static_cast<size_t>(o.section)])
                                    : SHN_ABS;
      sym_at[k] = syms.size();
      syms.push_back(s);
    };
    // A local `.L` label is the assembler's own: resolved in the assembly and,
    // as GNU as and llvm-mc leave it, not in the object's symbol table, unless
    // a relocation must name it.
    std::vector<bool> named(obj.symbols.size(), false);
    for (const ObjSection& sec : obj.sections)
      for (const ObjReloc& r : sec.relocs)
        if (r.symbol >= 0) named[static_cast<size_t>(r.symbol)] = true;
    for (size_t k = 0; k < obj.symbols.size(); ++k) {
      const ObjSymbol& o = obj.symbols[k];
      if (!o.global && !o.weak && (o.name.rfind(".L", 0) != 0 || named[k])) add(k);
    }
    const size_t first_global = syms.size();
    for (size_t k = 0; k < obj.symbols.size(); ++k)
      if (obj.symbols[k].global || obj.symbols[k].weak) add(k);

    Elf_Scn* strscn = elf_newscn(e);
    Elf_Scn* symscn = elf_newscn(e);
    if (!strscn || !symscn) elf_fail(path);
    // A relocation section per section that has relocations: .rel.NAME (the
    // addend in the bytes) or .rela.NAME.
    const bool rela = uses_rela(opt.machine);
    std::vector<std::vector<uint8_t>> relbufs;
    relbufs.reserve(obj.sections.size());
    for (size_t i = 0; i < obj.sections.size(); ++i) {
      const ObjSection& sec = obj.sections[i];
      if (sec.relocs.empty()) continue;
      Elf_Scn* scn = elf_newscn(e);
      if (!scn) elf_fail(path);
      const Elf_Type t = rela ? ELF_T_RELA : ELF_T_REL;
      const size_t entsize = gelf_fsize(e, t, 1, EV_CURRENT);
      relbufs.emplace_back(entsize * sec.relocs.size());
      Elf_Data* d = elf_newdata(scn);
      if (!d) elf_fail(path);
      d->d_buf = relbufs.back().data();
      d->d_size = relbufs.back().size();
      d->d_type = t;
      d->d_align = opt.is64 ? 8 : 4;
      d->d_version = EV_CURRENT;
      for (size_t k = 0; k < sec.relocs.size(); ++k) {
        const ObjReloc& r = sec.relocs[k];
        const std::optional<uint32_t> type = relocation_number(opt.machine, r.type);
        if (!type) throw InputError(fmt::format("{}: relocation {} is not one this writer knows", path, r.type));
        const size_t sym = r.symbol >= 0 ? sym_at[static_cast<size_t>(r.symbol)] : 1 + static_cast<size_t>(r.section);
        const uint64_t info = GELF_R_INFO(sym, *type);  // gelf converts it to the class's layout
        if (rela) {
          GElf_Rela x{r.offset, info, r.addend};
          if (!gelf_update_rela(d, static_cast<int>(k), &x)) elf_fail(path);
        } else {
          GElf_Rel x{r.offset, info};
          if (!gelf_update_rel(d, static_cast<int>(k), &x)) elf_fail(path);
        }
      }
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh)) elf_fail(path);
      sh.sh_name = shstr.add((rela ? ".rela" : ".rel") + sec.name);
      sh.sh_type = rela ? SHT_RELA : SHT_REL;
      sh.sh_flags = SHF_INFO_LINK;
      sh.sh_link = static_cast<uint32_t>(elf_ndxscn(symscn));
      sh.sh_info = static_cast<uint32_t>(index[i]);
      sh.sh_entsize = entsize;
      sh.sh_addralign = opt.is64 ? 8 : 4;
      if (!gelf_update_shdr(scn, &sh)) elf_fail(path);
    }
    Elf_Scn* shscn = elf_newscn(e);
    if (!shscn) elf_fail(path);
    const size_t symsize = gelf_fsize(e, ELF_T_SYM, 1, EV_CURRENT);
    std::vector<uint8_t> symbuf(symsize * syms.size());
    Elf_Data* sd = elf_newdata(symscn);
    if (!sd) elf_fail(path);
    sd->d_buf = symbuf.data();
    sd->d_size = symbuf.size();
    sd->d_type = ELF_T_SYM;
    sd->d_align = opt.is64 ? 8 : 4;
    sd->d_version = EV_CURRENT;
    for (size_t i = 0; i < syms.size(); ++i)
      if (!gelf_update_sym(sd, static_cast<int>(i), &syms[i])) elf_fail(path);

    const uint32_t strtab_name = shstr.add(".strtab"), symtab_name = shstr.add(".symtab"),
                   shstrtab_name = shstr.add(".shstrtab");
    Elf_Data* strd = elf_newdata(strscn);
    if (!strd) elf_fail(path);
    strd->d_buf = str.data.data();
    strd->d_size = str.data.size();
    strd->d_type = ELF_T_BYTE;
    strd->d_align = 1;
    strd->d_version = EV_CURRENT;
    Elf_Data* shd = elf_newdata(shscn);
    if (!shd) elf_fail(path);
    shd->d_buf = shstr.data.data();
    shd->d_size = shstr.data.size();
    shd->d_type = ELF_T_BYTE;
    shd->d_align = 1;
    shd->d_version = EV_CURRENT;

    GElf_Shdr sh;
    if (!gelf_getshdr(strscn, &sh)) elf_fail(path);
    sh.sh_name = strtab_name;
    sh.sh_type = SHT_STRTAB;
    sh.sh_addralign = 1;
    if (!gelf_update_shdr(strscn, &sh)) elf_fail(path);
    if (!gelf_getshdr(symscn, &sh)) elf_fail(path);
    sh.sh_name = symtab_name;
    sh.sh_type = SHT_SYMTAB;
    sh.sh_link = static_cast<uint32_t>(elf_ndxscn(strscn));
    sh.sh_info = static_cast<uint32_t>(first_global);
    sh.sh_entsize = symsize;
    sh.sh_addralign = opt.is64 ? 8 : 4;
    if (!gelf_update_shdr(symscn, &sh)) elf_fail(path);
    if (!gelf_getshdr(shscn, &sh)) elf_fail(path);
    sh.sh_name = shstrtab_name;
    sh.sh_type = SHT_STRTAB;
    sh.sh_addralign = 1;
    if (!gelf_update_shdr(shscn, &sh)) elf_fail(path);

    eh.e_shstrndx = static_cast<uint16_t>(elf_ndxscn(shscn));
    if (!gelf_update_ehdr(e, &eh)) elf_fail(path);
    if (elf_update(e, ELF_C_WRITE) < 0) elf_fail(path);
  } catch (...) {
    done();
    throw;
  }
  done();
}

bool is_elf(const std::vector<uint8_t>& b) {
  return b.size() >= 4 && b[0] == 0x7f && b[1] == 'E' && b[2] == 'L' && b[3] == 'F';
}

ElfImage read_elf(const std::vector<uint8_t>& bytes, const std::string& what) {
  if (elf_version(EV_CURRENT) == EV_NONE) elf_fail("libelf");
  std::vector<uint8_t> copy = bytes;  // elf_memory may touch the buffer
  Elf* e = elf_memory(reinterpret_cast<char*>(copy.data()), copy.size());
  if (!e) elf_fail(what);
  ElfImage out;
  try {
    if (elf_kind(e) != ELF_K_ELF) throw InputError(fmt::format("{}: not an ELF object", what));
    GElf_Ehdr eh;
    if (!gelf_getehdr(e, &eh)) elf_fail(what);
    if (eh.e_ident[EI_DATA] != ELFDATA2LSB) throw InputError(fmt::format("{}: a big-endian ELF file", what));
    out.machine = eh.e_machine;
    out.is64 = eh.e_ident[EI_CLASS] == ELFCLASS64;
    out.executable = eh.e_type == ET_EXEC;
    out.entry = eh.e_entry;
    size_t shstrndx;
    if (elf_getshdrstrndx(e, &shstrndx) != 0) elf_fail(what);
    std::map<size_t, int> by_index;
    Elf_Scn* symtab = nullptr;
    std::vector<Elf_Scn*> rel_sections;
    for (Elf_Scn* scn = elf_nextscn(e, nullptr); scn; scn = elf_nextscn(e, scn)) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh)) elf_fail(what);
      if (sh.sh_type == SHT_SYMTAB) symtab = scn;
      if (sh.sh_type == SHT_REL || sh.sh_type == SHT_RELA) {
        GElf_Shdr target;
        Elf_Scn* t = elf_getscn(e, sh.sh_info);
        if (t && gelf_getshdr(t, &target) && (target.sh_flags & SHF_ALLOC) && sh.sh_size) out.relocations = true;
        rel_sections.push_back(scn);
      }
      if ((sh.sh_type != SHT_PROGBITS && sh.sh_type != SHT_NOBITS) || !(sh.sh_flags & SHF_ALLOC)) continue;
      const char* name = elf_strptr(e, shstrndx, sh.sh_name);
      ObjSection s;
      s.name = name ? name : "";
      s.code = (sh.sh_flags & SHF_EXECINSTR) != 0;
      s.flags = sh.sh_flags & (SHF_ALLOC | SHF_WRITE | SHF_EXECINSTR | SHF_MERGE | SHF_STRINGS);
      s.entsize = sh.sh_entsize;
      if (sh.sh_type == SHT_NOBITS) {
        // Zeros where the section is placed; no bytes in the file.
        constexpr uint64_t kMaxNobits = uint64_t{1} << 28;
        if (sh.sh_size > kMaxNobits)
          throw InputError(fmt::format("{}: section {} of {} bytes (NOBITS): more than this reader places ({})", what, s.name,
                                       sh.sh_size, kMaxNobits));
        s.nobits = true;
        s.align = sh.sh_addralign ? sh.sh_addralign : 1;
        if (out.executable) s.address = sh.sh_addr;
        s.bytes.assign(sh.sh_size, 0);
        by_index[elf_ndxscn(scn)] = static_cast<int>(out.sections.size());
        out.sections.push_back(std::move(s));
        continue;
      }
      s.align = sh.sh_addralign ? sh.sh_addralign : 1;
      if (out.executable) s.address = sh.sh_addr;
      Elf_Data* d = elf_getdata(scn, nullptr);
      if (!d && sh.sh_size) elf_fail(what);
      if (d && d->d_buf) {
        const auto* p = static_cast<const uint8_t*>(d->d_buf);
        s.bytes.assign(p, p + d->d_size);
      }
      by_index[elf_ndxscn(scn)] = static_cast<int>(out.sections.size());
      out.sections.push_back(std::move(s));
    }
    // ELF symbol index -> what a relocation naming it names: an index into
    // out.symbols, or (a section's symbol) -2 - the section's index.
    std::vector<int> named;
    if (symtab) {
      GElf_Shdr sh;
      if (!gelf_getshdr(symtab, &sh)) elf_fail(what);
      Elf_Data* d = elf_getdata(symtab, nullptr);
      const size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
      named.assign(n, -1);
      for (size_t i = 1; d && i < n; ++i) {
        GElf_Sym s;
        if (!gelf_getsym(d, static_cast<int>(i), &s)) break;
        auto it = by_index.find(s.st_shndx);
        if (GELF_ST_TYPE(s.st_info) == STT_SECTION) {
          if (it != by_index.end()) named[i] = -2 - it->second;
          continue;
        }
        const char* name = elf_strptr(e, sh.sh_link, s.st_name);
        ObjSymbol o;
        o.name = name ? name : "";
        o.value = s.st_value;
        o.global = GELF_ST_BIND(s.st_info) == STB_GLOBAL;
        o.weak = GELF_ST_BIND(s.st_info) == STB_WEAK;
        o.undefined = s.st_shndx == SHN_UNDEF;
        o.common = s.st_shndx == SHN_COMMON;
        o.type = GELF_ST_TYPE(s.st_info) == STT_FUNC ? ObjSymbol::Func : GELF_ST_TYPE(s.st_info) == STT_OBJECT ? ObjSymbol::Object : ObjSymbol::NoType;
        if (s.st_size) o.size = s.st_size;
        o.section = it == by_index.end() ? -1 : it->second;
        if (out.machine == EM_ARM && o.type == ObjSymbol::Func && !out.executable) o.value &= ~uint64_t{1};  // the Thumb bit
        named[i] = static_cast<int>(out.symbols.size());
        out.symbols.push_back(std::move(o));
      }
    }
    // The relocations of the sections read, by their ABI names.
    for (Elf_Scn* scn : rel_sections) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh)) elf_fail(what);
      const auto target = by_index.find(sh.sh_info);
      Elf_Data* d = elf_getdata(scn, nullptr);
      if (target == by_index.end() || !d || !sh.sh_entsize) continue;
      ObjSection& sec = out.sections[static_cast<size_t>(target->second)];
      for (size_t k = 0; k < sh.sh_size / sh.sh_entsize; ++k) {
        ObjReloc r;
        uint64_t info;
        if (sh.sh_type == SHT_RELA) {
          GElf_Rela x;
          if (!gelf_getrela(d, static_cast<int>(k), &x)) elf_fail(what);
          r.offset = x.r_offset;
          r.addend = x.r_addend;
          info = x.r_info;
        } else {
          GElf_Rel x;
          if (!gelf_getrel(d, static_cast<int>(k), &x)) elf_fail(what);
          r.offset = x.r_offset;
          info = x.r_info;
        }
        const size_t sym = GELF_R_SYM(info);
        const uint32_t type = static_cast<uint32_t>(GELF_R_TYPE(info));
        r.type = relocation_name(out.machine, type).value_or(fmt::format("relocation {}", type));
        const int n = sym < named.size() ? named[sym] : -1;
        if (n >= 0) r.symbol = n;
        else if (n <= -2) r.section = -2 - n;
        if (r.offset >= sec.bytes.size() || (r.symbol < 0 && r.section < 0)) continue;  // nothing this reader shows
        sec.relocs.push_back(std::move(r));
      }
      std::stable_sort(sec.relocs.begin(), sec.relocs.end(), [](const ObjReloc& a, const ObjReloc& b) { return a.offset < b.offset; });
    }
  } catch (...) {
    elf_end(e);
    throw;
  }
  elf_end(e);
  return out;
}

}  // namespace mlisa::as
