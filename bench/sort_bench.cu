/* Benchmark of the bank-conflict-free sort against CUB's merge and
 * radix sorts.
 *
 *   sort_bench [--csv FILE] [--max LOG2] [--sizes L1,L2,..]
 *              [--variants V1,V2,..]  u32 keys, u64 keys, u32/u32 pairs
 *                                        at n = 2^20, 2^22, ..., 2^LOG2 (28)
 *                                        or at the listed 2^L: keys per
 *                                        second, ratios to CUB; BCF rows:
 *                                        "bcf" (the default variant of the
 *                                        key width), "bcf-NAME" for every
 *                                        named variant (kernels/bcfsort.h; only
 *                                        those listed by --variants or the
 *                                        environment variable
 *                                        GSAT_SORT_VARIANT, comma-separated),
 *                                        "bcf-intcmp" (pairs compared as
 *                                        integers)
 *   sort_bench --profile LOG2            one sort of each kind at 2^LOG2 (for
 *                                        ncu), plus CUB's merge sort; with
 *                                        GSAT_SORT_PROFILE_VARIANT (names,
 *                                        comma-separated), one pair sort per
 *                                        listed variant instead of the
 *                                        default (GSAT_SORT_VARIANT does not
 *                                        change this mode)
 *   sort_bench --occ                     occurrence lists of a random 3-SAT
 *                                        CNF with both backends
 *   sort_bench --race                    one sort of each kind of 70001 keys
 *                                        (every kernel once), for racecheck
 * Times are CUDA-event medians of 5 runs after one warm-up; inputs are
 * uniform random keys generated on the device.  The device checks against
 * host sorts are test support: `device_check sort` (tests/support/).  LOG2 is
 * an integer in [10, 30] for --profile and --sizes, [20, 30] for
 * --max (which sets the sizes 20, 22, .. LOG2, so not with --sizes); variant
 * names must be named variants.  Arguments, and that the CSV can be written,
 * are checked before the GPU is looked for: a bad one exits 2 with a message,
 * and every mode exits 77 without a GPU (tests/sort_bench_args.sh).  --help
 * prints the usage line and exits 0. */
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include <cub/cub.cuh>

#include "cuda_timing.cuh"
#include "kernels/bcfsort.h"
#include "kernels/device.h"
#include "gpu/occ.h"

namespace {

void ok_or_die(gsat_status s, const gsat_error &err) {
  if (s != GSAT_OK) {
    std::fprintf(stderr, "gsat: %s\n", err.message);
    std::exit(2);
  }
}

__global__ void fill_kernel(uint32_t *a, uint64_t words, uint64_t seed) {
  uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= words) return;
  uint64_t z = seed + (i + 1) * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  a[i] = (uint32_t)(z ^ (z >> 31));
}

void fill(void *d, size_t bytes, uint64_t seed) {
  uint64_t words = bytes / 4;
  fill_kernel<<<(unsigned)((words + 255) / 256), 256>>>(static_cast<uint32_t *>(d), words, seed);
  BENCH_CHECK(cudaGetLastError());
}

template <class T> struct Less {
  __device__ bool operator()(const T &a, const T &b) const { return a < b; }
};

struct Buffers {
  size_t n = 0;
  void *keys0 = nullptr, *keys = nullptr, *keys_out = nullptr;
  void *vals0 = nullptr, *vals = nullptr, *vals_out = nullptr;
  void *temp = nullptr;
  size_t temp_bytes = 0;
  void ensure_temp(size_t bytes) {
    if (bytes <= temp_bytes) return;
    BENCH_CHECK(cudaFree(temp));
    BENCH_CHECK(cudaMalloc(&temp, bytes));
    temp_bytes = bytes;
  }
  /* Input and output buffers for n keys of up to 8 bytes and n values, and
   * temporary storage for the largest of the sorts (the u32 pair sort). */
  void alloc_sorts(size_t count) {
    BENCH_CHECK(cudaMalloc(&keys, count * 8));
    BENCH_CHECK(cudaMalloc(&keys_out, count * 8));
    BENCH_CHECK(cudaMalloc(&vals, count * 4));
    BENCH_CHECK(cudaMalloc(&vals_out, count * 4));
    gsat_error err;
    size_t bytes = 0;
    ok_or_die(gsat_gpu_sort_pairs_u32(nullptr, &bytes, nullptr, nullptr, nullptr, nullptr, count,
                                      nullptr, nullptr, &err),
              err);
    ensure_temp(bytes);
  }
};

/* Median of 5 timed runs after one warm-up; `restore` (untimed) resets the
 * inputs of in-place sorts. */
double time_ms(const std::function<void()> &restore, const std::function<void()> &run) {
  cudaEvent_t a, b;
  BENCH_CHECK(cudaEventCreate(&a));
  BENCH_CHECK(cudaEventCreate(&b));
  std::vector<float> ms;
  for (int r = 0; r < 6; ++r) {
    restore();
    const float t = event_ms(a, b, run);
    if (r) ms.push_back(t);
  }
  BENCH_CHECK(cudaEventDestroy(a));
  BENCH_CHECK(cudaEventDestroy(b));
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

struct Row {
  std::string kind, algo;
  size_t n;
  double ms;
};

struct Cfg {
  std::string name;
  gsat_sort_config cfg;
  bool is_default;
};

/* Variant names to time (empty: all), from --variants or GSAT_SORT_VARIANT. */
std::vector<std::string> g_only;

bool wanted(const std::string &name) {
  if (g_only.empty()) return true;
  return std::find(g_only.begin(), g_only.end(), name) != g_only.end();
}

std::vector<std::string> split_list(const char *s) {
  std::vector<std::string> out;
  std::string cur;
  for (; s && *s; ++s)
    if (*s == ',') {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += *s;
    }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

/* The BCF rows: the default (NULL config), every wanted named variant, and
 * integer comparison of packed pair keys. */
std::vector<Cfg> bcf_configs() {
  std::vector<Cfg> v;
  v.push_back({"bcf", {}, true});
  gsat_sort_config c;
  const char *name;
  for (int i = 0; (name = gsat_sort_variant(i, &c)) != nullptr; ++i)
    if (wanted(name)) v.push_back({std::string("bcf-") + name, c, false});
  if (wanted("intcmp") &&
      gsat_sort_variant_find(GSAT_SORT_DEFAULT_VARIANT_64, &c, nullptr) == GSAT_OK) {
    c.integer_pairs = 1; /* the default, packed keys compared as integers */
    v.push_back({"bcf-intcmp", c, false});
  }
  return v;
}

/* Times every algorithm on one kind ("keys u32", "keys u64", "pairs u32"). */
template <class K>
void bench_kind(const char *kind, bool pairs, Buffers &b, size_t n, std::vector<Row> &rows) {
  const size_t kb = n * sizeof(K), vb = n * sizeof(uint32_t);
  K *k0 = static_cast<K *>(b.keys0), *k = static_cast<K *>(b.keys);
  K *ko = static_cast<K *>(b.keys_out);
  uint32_t *v0 = static_cast<uint32_t *>(b.vals0);
  uint32_t *v = static_cast<uint32_t *>(b.vals);
  uint32_t *vo = static_cast<uint32_t *>(b.vals_out);
  fill(k0, kb, 17 + n + sizeof(K));
  fill(v0, vb, 99);
  auto restore = [&] {
    BENCH_CHECK(cudaMemcpyAsync(k, k0, kb, cudaMemcpyDeviceToDevice));
    if (pairs) BENCH_CHECK(cudaMemcpyAsync(v, v0, vb, cudaMemcpyDeviceToDevice));
  };
  gsat_error err;
  for (const Cfg &c : bcf_configs()) {
    if (c.cfg.integer_pairs && !pairs) continue;
    const gsat_sort_config *cp = c.is_default ? nullptr : &c.cfg;
    auto call = [&](void *t, size_t *bytes) {
      if (pairs)
        return gsat_gpu_sort_pairs_u32(t, bytes, (const uint32_t *)k, (uint32_t *)ko, v, vo, n, cp,
                                       nullptr, &err);
      if (sizeof(K) == 4)
        return gsat_gpu_sort_keys_u32(t, bytes, (const uint32_t *)k, (uint32_t *)ko, n, cp, nullptr,
                                      &err);
      return gsat_gpu_sort_keys_u64(t, bytes, (const uint64_t *)k, (uint64_t *)ko, n, cp, nullptr,
                                    &err);
    };
    size_t bytes = 0;
    ok_or_die(call(nullptr, &bytes), err);
    b.ensure_temp(bytes);
    bytes = b.temp_bytes;
    double ms = time_ms(restore, [&] { ok_or_die(call(b.temp, &bytes), err); });
    rows.push_back({kind, c.name, n, ms});
  }
  { /* CUB merge sort, in place */
    size_t bytes = 0;
    if (pairs)
      BENCH_CHECK(cub::DeviceMergeSort::SortPairs(nullptr, bytes, k, v, (int)n, Less<K>()));
    else
      BENCH_CHECK(cub::DeviceMergeSort::SortKeys(nullptr, bytes, k, (int)n, Less<K>()));
    b.ensure_temp(bytes);
    double ms = time_ms(restore, [&] {
      size_t t = b.temp_bytes;
      if (pairs)
        BENCH_CHECK(cub::DeviceMergeSort::SortPairs(b.temp, t, k, v, (int)n, Less<K>()));
      else
        BENCH_CHECK(cub::DeviceMergeSort::SortKeys(b.temp, t, k, (int)n, Less<K>()));
    });
    rows.push_back({kind, "cub-merge", n, ms});
  }
  { /* CUB radix sort */
    size_t bytes = 0;
    if (pairs)
      BENCH_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, k, ko, v, vo, (int)n));
    else
      BENCH_CHECK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, k, ko, (int)n));
    b.ensure_temp(bytes);
    double ms = time_ms(restore, [&] {
      size_t t = b.temp_bytes;
      if (pairs)
        BENCH_CHECK(cub::DeviceRadixSort::SortPairs(b.temp, t, k, ko, v, vo, (int)n));
      else
        BENCH_CHECK(cub::DeviceRadixSort::SortKeys(b.temp, t, k, ko, (int)n));
    });
    rows.push_back({kind, "cub-radix", n, ms});
  }
}

double find_ms(const std::vector<Row> &rows, const std::string &kind, const std::string &algo,
               size_t n) {
  for (const Row &r : rows)
    if (r.kind == kind && r.algo == algo && r.n == n) return r.ms;
  return 0;
}

/* Times every kind at the sizes; rows also go to csv when it is not NULL
 * (closed here). */
int run_bench(const std::vector<int> &sizes, FILE *csv) {
  gsat_gpu_info info;
  gsat_error err;
  ok_or_die(gsat_gpu_device_info(0, &info, &err), err);
  std::printf("device: %s, %d SMs\n", info.name, info.sm_count);
  const int max_log2 = *std::max_element(sizes.begin(), sizes.end());
  const size_t cap = (size_t)1 << max_log2;
  Buffers b;
  b.n = cap;
  BENCH_CHECK(cudaMalloc(&b.keys0, cap * 8));
  BENCH_CHECK(cudaMalloc(&b.keys, cap * 8));
  BENCH_CHECK(cudaMalloc(&b.keys_out, cap * 8));
  BENCH_CHECK(cudaMalloc(&b.vals0, cap * 4));
  BENCH_CHECK(cudaMalloc(&b.vals, cap * 4));
  BENCH_CHECK(cudaMalloc(&b.vals_out, cap * 4));
  std::vector<Row> rows;
  for (int lg : sizes) {
    const size_t n = (size_t)1 << lg;
    bench_kind<uint32_t>("keys u32", false, b, n, rows);
    bench_kind<uint64_t>("keys u64", false, b, n, rows);
    bench_kind<uint32_t>("pairs u32", true, b, n, rows);
  }
  FILE *f = csv;
  if (f) std::fprintf(f, "kind,n,algo,ms,gkeys_per_s,vs_cub_merge,vs_cub_radix\n");
  std::printf("%-10s %6s %-20s %10s %10s %9s %9s\n", "kind", "log2n", "algo", "ms", "Gkeys/s",
              "/merge", "/radix");
  for (const Row &r : rows) {
    const double merge = find_ms(rows, r.kind, "cub-merge", r.n);
    const double radix = find_ms(rows, r.kind, "cub-radix", r.n);
    const double g = (double)r.n / r.ms / 1e6;
    int lg = 0;
    while (((size_t)1 << lg) < r.n) ++lg;
    std::printf("%-10s %6d %-20s %10.3f %10.2f %9.2f %9.2f\n", r.kind.c_str(), lg, r.algo.c_str(),
                r.ms, g, merge / r.ms, radix / r.ms);
    if (f)
      std::fprintf(f, "%s,%zu,%s,%.4f,%.3f,%.3f,%.3f\n", r.kind.c_str(), r.n, r.algo.c_str(), r.ms,
                   g, merge / r.ms, radix / r.ms);
  }
  if (f && std::fclose(f) != 0) {
    std::fprintf(stderr, "sort_bench: writing the CSV failed\n");
    return 1;
  }
  const size_t top = (size_t)1 << max_log2;
  std::printf("TARGETS at 2^%d (bcf / cub-merge, target >= 1.20):\n", max_log2);
  for (const char *kind : {"keys u32", "pairs u32", "keys u64"}) {
    double bcf = find_ms(rows, kind, "bcf", top);
    double best = bcf;
    std::string best_name = "bcf";
    for (const Cfg &c : bcf_configs()) {
      double t = find_ms(rows, kind, c.name, top);
      if (t > 0 && t < best) best = t, best_name = c.name;
    }
    double merge = find_ms(rows, kind, "cub-merge", top);
    double radix = find_ms(rows, kind, "cub-radix", top);
    std::printf("  %-10s bcf %.2f Gkeys/s  x%.2f vs merge  x%.2f vs radix"
                "  (best variant %s x%.2f vs merge)\n",
                kind, (double)top / bcf / 1e6, merge / bcf, radix / bcf, best_name.c_str(),
                merge / best);
  }
  return 0;
}

/* One sort of each kind at 2^log2 for the profiler; the pair sort once per
 * config in pair_cfgs, or with the default (NULL config) when it is empty. */
int run_profile(int log2, const std::vector<gsat_sort_config> &pair_cfgs) {
  const size_t n = (size_t)1 << log2;
  Buffers b;
  b.alloc_sorts(n);
  gsat_error err;
  size_t bytes = b.temp_bytes;
  fill(b.keys, n * 8, 5);
  fill(b.vals, n * 4, 6);
  uint32_t *k32 = static_cast<uint32_t *>(b.keys);
  ok_or_die(gsat_gpu_sort_keys_u32(b.temp, &bytes, k32, static_cast<uint32_t *>(b.keys_out), n,
                                   nullptr, nullptr, &err),
            err);
  ok_or_die(gsat_gpu_sort_keys_u64(b.temp, &bytes, static_cast<uint64_t *>(b.keys),
                                   static_cast<uint64_t *>(b.keys_out), n, nullptr, nullptr, &err),
            err);
  std::vector<const gsat_sort_config *> cps;
  for (const gsat_sort_config &c : pair_cfgs) cps.push_back(&c);
  if (cps.empty()) cps.push_back(nullptr);
  for (const gsat_sort_config *cp : cps) {
    size_t pb = 0;
    ok_or_die(
        gsat_gpu_sort_pairs_u32(nullptr, &pb, k32, nullptr, nullptr, nullptr, n, cp, nullptr, &err),
        err);
    b.ensure_temp(pb);
    pb = b.temp_bytes;
    ok_or_die(gsat_gpu_sort_pairs_u32(b.temp, &pb, k32, static_cast<uint32_t *>(b.keys_out),
                                      static_cast<uint32_t *>(b.vals),
                                      static_cast<uint32_t *>(b.vals_out), n, cp, nullptr, &err),
              err);
  }
  size_t cb = 0;
  BENCH_CHECK(cub::DeviceMergeSort::SortKeys(nullptr, cb, k32, (int)n, Less<uint32_t>()));
  b.ensure_temp(cb);
  BENCH_CHECK(cub::DeviceMergeSort::SortKeys(b.temp, cb, k32, (int)n, Less<uint32_t>()));
  BENCH_CHECK(cudaDeviceSynchronize());
  std::printf("profiled sorts of 2^%d keys done\n", log2);
  return 0;
}

/* Occurrence lists of a random 3-SAT CNF (2^20 variables, ratio 4.26) with
 * both sorts: the default of gpu/occ.h follows the faster. */
int run_occ_bench() {
  const uint32_t vars = 1u << 20, clauses = (uint32_t)(4.26 * vars);
  const uint32_t entries = 3 * clauses, nl = 2 * vars;
  std::vector<uint32_t> cs(clauses + 1), lits(entries);
  uint64_t seed = 1;
  for (uint32_t c = 0; c <= clauses; ++c) cs[c] = 3 * c;
  for (uint32_t p = 0; p < entries; ++p) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    lits[p] = (uint32_t)(seed >> 33) % nl;
  }
  uint32_t *d_cs, *d_lits, *d_start, *d_clause;
  BENCH_CHECK(cudaMalloc(&d_cs, cs.size() * 4));
  BENCH_CHECK(cudaMalloc(&d_lits, lits.size() * 4));
  BENCH_CHECK(cudaMalloc(&d_start, ((size_t)nl + 1) * 4));
  BENCH_CHECK(cudaMalloc(&d_clause, (size_t)entries * 4));
  BENCH_CHECK(cudaMemcpy(d_cs, cs.data(), cs.size() * 4, cudaMemcpyHostToDevice));
  BENCH_CHECK(cudaMemcpy(d_lits, lits.data(), lits.size() * 4, cudaMemcpyHostToDevice));
  gsat_occ_input in = {d_cs, d_lits, clauses, entries, nl};
  Buffers b;
  gsat_error err;
  for (int sort = 0; sort < 2; ++sort) {
    size_t bytes = 0;
    ok_or_die(gsat_gpu_occ_build(nullptr, &bytes, &in, d_start, d_clause, (gsat_occ_sort)sort,
                                 nullptr, &err),
              err);
    b.ensure_temp(bytes);
    bytes = b.temp_bytes;
    double ms = time_ms([] {},
                        [&] {
                          ok_or_die(gsat_gpu_occ_build(b.temp, &bytes, &in, d_start, d_clause,
                                                       (gsat_occ_sort)sort, nullptr, &err),
                                    err);
                        });
    std::printf("occ %-5s vars=%u clauses=%u entries=%u: %.3f ms (%.2f "
                "Gentries/s)\n",
                sort ? "radix" : "bcf", vars, clauses, entries, ms, entries / ms / 1e6);
  }
  return 0;
}

/* A few sorts that run every kernel (tile sort, sample sort, cuts, merge
 * tree of each key width, packing) once, for compute-sanitizer racecheck:
 * keys u32, keys u64 and pairs u32 of 70001 random keys, checked sorted. */
int run_race() {
  const size_t n = 70001;
  Buffers b;
  b.alloc_sorts(n);
  gsat_error err;
  std::vector<uint64_t> h(n);
  int bad = 0;
  for (int kind = 0; kind < 3; ++kind) {
    fill(b.keys, n * 8, 11 + kind);
    size_t bytes = b.temp_bytes;
    gsat_status st;
    if (kind == 0)
      st = gsat_gpu_sort_keys_u32(b.temp, &bytes, (uint32_t *)b.keys, (uint32_t *)b.keys_out, n,
                                  nullptr, nullptr, &err);
    else if (kind == 1)
      st = gsat_gpu_sort_keys_u64(b.temp, &bytes, (uint64_t *)b.keys, (uint64_t *)b.keys_out, n,
                                  nullptr, nullptr, &err);
    else
      st = gsat_gpu_sort_pairs_u32(b.temp, &bytes, (uint32_t *)b.keys, (uint32_t *)b.keys_out,
                                   (uint32_t *)b.vals, (uint32_t *)b.vals_out, n, nullptr, nullptr,
                                   &err);
    ok_or_die(st, err);
    BENCH_CHECK(
        cudaMemcpy(h.data(), b.keys_out, kind == 1 ? n * 8 : n * 4, cudaMemcpyDeviceToHost));
    const uint32_t *h32 = reinterpret_cast<const uint32_t *>(h.data());
    for (size_t i = 1; i < n; ++i)
      if (kind == 1 ? h[i] < h[i - 1] : h32[i] < h32[i - 1]) {
        ++bad;
        break;
      }
  }
  std::printf("race run: %s\n", bad ? "FAIL unsorted output" : "PASS");
  return bad ? 1 : 0;
}

/* *out = the integer s (digits only, optional sign, no spaces) when it lies
 * in [lo, hi]; else prints why, naming the option, and returns false. */
bool arg_int(const char *opt, const char *s, int lo, int hi, int *out) {
  char *end = nullptr;
  errno = 0;
  const long v = std::strtol(s, &end, 10);
  if (!*s || std::isspace((unsigned char)*s) || *end || errno || v < lo || v > hi) {
    std::fprintf(stderr, "sort_bench: %s needs an integer in [%d, %d], not '%s'\n", opt, lo, hi, s);
    return false;
  }
  *out = (int)v;
  return true;
}

/* Whether every name in `names` (default: g_only) is a named variant
 * (gsat_sort_variant_find), appending their configs to *cfgs when cfgs is
 * not NULL; else prints the first unknown one, where it came from and the
 * known names. */
bool variants_known(const char *from, const std::vector<std::string> &names = g_only,
                    std::vector<gsat_sort_config> *cfgs = nullptr) {
  for (const std::string &name : names) {
    gsat_sort_config cfg;
    if (gsat_sort_variant_find(name.c_str(), &cfg, nullptr) == GSAT_OK) {
      if (cfgs) cfgs->push_back(cfg);
      continue;
    }
    std::fprintf(stderr, "sort_bench: unknown variant '%s' in %s; known:", name.c_str(), from);
    for (int v = 0; const char *known = gsat_sort_variant(v, &cfg); ++v)
      std::fprintf(stderr, " %s", known);
    std::fprintf(stderr, "\n");
    return false;
  }
  return true;
}

/* Whether the CSV file at path could be written, checked without creating
 * or truncating it (a run that stops at the device check leaves it alone):
 * an existing file must be writable and not a directory, a new one needs a
 * writable directory.  Else prints why. */
bool csv_writable(const char *path) {
  struct stat st;
  const char *why = nullptr;
  if (!*path) {
    why = "an empty name";
  } else if (stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode))
      why = "a directory";
    else if (access(path, W_OK) != 0)
      why = std::strerror(errno);
  } else if (errno != ENOENT) {
    why = std::strerror(errno);
  } else {
    std::string dir(path);
    const size_t slash = dir.rfind('/');
    dir = slash == std::string::npos ? "." : slash == 0 ? "/" : dir.substr(0, slash);
    if (access(dir.c_str(), W_OK | X_OK) != 0) why = std::strerror(errno);
  }
  if (why) std::fprintf(stderr, "sort_bench: cannot write %s: %s\n", path, why);
  return !why;
}

/* Prints the usage line to `to`; returns 2 (bad arguments). */
int usage(FILE *to = stderr) {
  std::fprintf(to, "usage: sort_bench [--csv FILE] [--max LOG2 | --sizes L,..] "
                   "[--variants V,..] | --profile LOG2 | --occ | --race | "
                   "--help\n");
  return 2;
}

} // namespace

/* Exit status: 0 done, 1 a CUDA failure or an unsorted --race output,
 * 2 bad arguments, 77 no GPU. */
int main(int argc, char **argv) {
  const char *csv = nullptr;
  bool have_max = false, have_sizes = false;
  int max_log2 = 28, log2 = 0;
  std::vector<int> sizes;
  std::vector<gsat_sort_config> profile_cfgs;
  g_only = split_list(std::getenv("GSAT_SORT_VARIANT"));
  /* a mode other than the benchmark: its option and nothing else */
  const char *mode = argc > 1 ? argv[1] : "";
  if (!std::strcmp(mode, "--help") || !std::strcmp(mode, "-h")) {
    if (argc != 2) return usage();
    usage(stdout);
    return 0;
  }
  if (!variants_known("GSAT_SORT_VARIANT")) return 2;
  if (!std::strcmp(mode, "--profile")) {
    if (argc != 3) return usage();
    if (!arg_int(mode, argv[2], 10, 30, &log2)) return 2;
    if (!variants_known("GSAT_SORT_PROFILE_VARIANT",
                        split_list(std::getenv("GSAT_SORT_PROFILE_VARIANT")), &profile_cfgs))
      return 2;
  } else if (!std::strcmp(mode, "--occ") || !std::strcmp(mode, "--race")) {
    if (argc != 2) return usage();
  } else {
    for (int i = 1; i < argc; ++i) {
      const char *opt = argv[i];
      if (i + 1 >= argc) return usage();
      const char *val = argv[++i];
      if (!std::strcmp(opt, "--csv")) {
        csv = val;
      } else if (!std::strcmp(opt, "--max")) {
        if (!arg_int(opt, val, 20, 30, &max_log2)) return 2;
        have_max = true;
      } else if (!std::strcmp(opt, "--sizes")) {
        const std::vector<std::string> list = split_list(val);
        if (list.empty()) return usage();
        have_sizes = true;
        for (const std::string &l : list) {
          int lg = 0;
          if (!arg_int(opt, l.c_str(), 10, 30, &lg)) return 2;
          sizes.push_back(lg);
        }
      } else if (!std::strcmp(opt, "--variants")) {
        g_only = split_list(val);
        if (g_only.empty()) {
          std::fprintf(stderr, "sort_bench: --variants needs a name\n");
          return 2;
        }
        if (!variants_known("--variants")) return 2;
      } else {
        return usage();
      }
    }
    if (have_max && have_sizes) {
      std::fprintf(stderr, "sort_bench: --max and --sizes exclude each other "
                           "(--max sets the sizes 20, 22, .. LOG2)\n");
      return 2;
    }
    if (csv && !csv_writable(csv)) return 2; /* before the device check */
    if (sizes.empty())
      for (int lg = 20; lg <= max_log2; lg += 2) sizes.push_back(lg);
  }
  if (gsat_gpu_device_count() == 0) {
    std::fprintf(stderr, "sort_bench: no CUDA device\n");
    return 77;
  }
  if (!std::strcmp(mode, "--profile")) return run_profile(log2, profile_cfgs);
  if (!std::strcmp(mode, "--occ")) return run_occ_bench();
  if (!std::strcmp(mode, "--race")) return run_race();
  FILE *f = nullptr;
  if (csv && !(f = std::fopen(csv, "w"))) {
    std::fprintf(stderr, "sort_bench: cannot write %s: %s\n", csv, std::strerror(errno));
    return 2;
  }
  return run_bench(sizes, f);
}
