// Linked into mlisa, its benchmarks and its tests when jemalloc is installed
// (CMakeLists.txt, MLISA_JEMALLOC): jemalloc replaces the C library's malloc
// and, by this configuration, which it reads when it starts, backs its memory
// with transparent huge pages (2 MiB). A start-up (the specs parsed and
// checked) touches some 40 MB in many small blocks; on 4 KiB pages each first
// touch is a page fault, and on a virtual machine a page fault is expensive:
// docs/performance.md has the figures.
extern "C" {
// jemalloc's documented way for a program to configure it (see jemalloc(3), "TUNING").
extern const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always";
}
