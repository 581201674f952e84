/* BMMC/BPC permutation benchmark: effective bandwidth
 * 2 * N * elem_size / time of copies and permutations, timed with CUDA events
 * (warm-up, then the median of many runs), as a table and as CSV.
 *
 *   bmmc_bench                 the benchmark (n = 24, 26, 28, 30 for 4-byte
 *                              elements, 28 for 8-byte, plus a geometry sweep)
 *   bmmc_bench --profile N     one launch of each tiled case at size n = N,
 *                              for Nsight Compute
 *   --csv FILE                 also write the CSV rows to FILE
 *   --quick                    fewer sizes and runs (smoke test)
 * The device correctness checks are test support: `device_check bmmc`
 * (tests/support/). */
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "cuda_timing.cuh"
#include "kernels/bmmc_plan.h"

namespace {

/* ---- copy kernels (the reference) ---------------------------------------- */

template <typename T>
__global__ void __launch_bounds__(1024) copy_one(const T *__restrict__ in, T *__restrict__ out) {
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

/* The tiled kernel's global access pattern without shared memory: each thread
 * moves 2^M elements of T, warps read whole 128-byte segments. */
template <typename T, int M>
__global__ void __launch_bounds__(1024, 2)
    copy_rows(const T *__restrict__ in, T *__restrict__ out) {
  size_t base = (size_t)blockIdx.x * (blockDim.x << M) + threadIdx.x;
  T v[1 << M];
#pragma unroll
  for (int t = 0; t < (1 << M); t++) v[t] = __ldg(in + base + t * blockDim.x);
#pragma unroll
  for (int t = 0; t < (1 << M); t++) out[base + t * blockDim.x] = v[t];
}

/* 16-byte vectors, grid-stride, 4 vectors in flight per thread. */
__global__ void __launch_bounds__(512)
    copy_vec16(const uint4 *__restrict__ in, uint4 *__restrict__ out, size_t count) {
  size_t stride = (size_t)gridDim.x * blockDim.x;
  size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  for (; i + 3 * stride < count; i += 4 * stride) {
    uint4 a = __ldg(in + i), b = __ldg(in + i + stride);
    uint4 c = __ldg(in + i + 2 * stride), d = __ldg(in + i + 3 * stride);
    out[i] = a, out[i + stride] = b, out[i + 2 * stride] = c;
    out[i + 3 * stride] = d;
  }
  for (; i < count; i += stride) out[i] = __ldg(in + i);
}

/* 16-byte vectors, 4 per thread, one pass (no grid-stride). */
__global__ void __launch_bounds__(256)
    copy_vec16_x4(const uint4 *__restrict__ in, uint4 *__restrict__ out) {
  size_t base = (size_t)blockIdx.x * (blockDim.x * 4) + threadIdx.x;
  uint4 v[4];
#pragma unroll
  for (int t = 0; t < 4; t++) v[t] = __ldg(in + base + t * blockDim.x);
#pragma unroll
  for (int t = 0; t < 4; t++) out[base + t * blockDim.x] = v[t];
}

/* ---- timing ---------------------------------------------------------------
 */

/* Keeps the GPU busy for a few microseconds so that the start event is taken
 * after the timed launch has been queued (host launch cost is not timed). */
__global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

struct options {
  bool quick = false;
  FILE *csv = nullptr;
};

struct row {
  std::string name;
  int n;
  int es;
  double ms, gbps, frac;
  std::string note;
};

std::vector<row> rows;
options opt;
int sm_count = 0;

template <typename F> double median_ms(F launch) {
  cudaEvent_t a, b;
  BENCH_CHECK(cudaEventCreate(&a));
  BENCH_CHECK(cudaEventCreate(&b));
  for (int i = 0; i < 2; i++) launch();
  BENCH_CHECK(cudaDeviceSynchronize());
  const float est = event_ms(a, b, launch);
  int reps = est > 0 ? (int)(250.0 / est) : 100;
  reps = std::max(opt.quick ? 3 : 7, std::min(opt.quick ? 10 : 100, reps));
  std::vector<float> t((size_t)reps);
  for (int i = 0; i < reps; i++) {
    spin<<<1, 1>>>(40000); /* about 20 us */
    t[(size_t)i] = event_ms(a, b, launch);
  }
  BENCH_CHECK(cudaGetLastError());
  BENCH_CHECK(cudaEventDestroy(a));
  BENCH_CHECK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return reps % 2 ? t[(size_t)reps / 2] : 0.5 * (t[(size_t)reps / 2 - 1] + t[(size_t)reps / 2]);
}

void record(const std::string &name, int n, int es, double ms, const std::string &note) {
  double bytes = 2.0 * (double)((size_t)es << n);
  rows.push_back({name, n, es, ms, bytes / ms / 1e6, 0.0, note});
}

struct arrays {
  void *in = nullptr, *out = nullptr, *tmp = nullptr;
};

void run_copies(int n, int es, const arrays &d) {
  size_t count = (size_t)1 << n, bytes = count * (size_t)es;
  int block = count < 1024 ? (int)count : 1024;
  unsigned grid = (unsigned)(count / (size_t)block);
  double ms;
  if (es == 4)
    ms = median_ms(
        [&] { copy_one<uint32_t><<<grid, block>>>((const uint32_t *)d.in, (uint32_t *)d.out); });
  else
    ms = median_ms(
        [&] { copy_one<uint64_t><<<grid, block>>>((const uint64_t *)d.in, (uint64_t *)d.out); });
  record("copy-1-per-thread", n, es, ms, "block 1024");
  int m = es == 4 ? 3 : 2;
  unsigned rgrid = (unsigned)(count >> (10 + m));
  if (es == 4)
    ms = median_ms([&] {
      copy_rows<uint32_t, 3><<<rgrid, 1024>>>((const uint32_t *)d.in, (uint32_t *)d.out);
    });
  else
    ms = median_ms([&] {
      copy_rows<uint64_t, 2><<<rgrid, 1024>>>((const uint64_t *)d.in, (uint64_t *)d.out);
    });
  record("copy-rows-like-tiled", n, es, ms, "1024 thr, 2^m elems/thread");
  size_t vec = bytes / 16;
  unsigned vgrid = (unsigned)(sm_count * 4);
  ms = median_ms([&] { copy_vec16<<<vgrid, 512>>>((const uint4 *)d.in, (uint4 *)d.out, vec); });
  record("copy-vec16-gridstride", n, es, ms, "512 thr x 4 blocks/SM, unroll 4");
  ms = median_ms(
      [&] { copy_vec16_x4<<<(unsigned)(vec / 1024), 256>>>((const uint4 *)d.in, (uint4 *)d.out); });
  record("copy-vec16-x4", n, es, ms, "256 thr, 4 x 16 B per thread");
}

bool run_plan(const char *name, const gsat_bmmc *perm, int es, const gsat_bmmc_options *o,
              const arrays &d) {
  gsat_bmmc_plan plan;
  gsat_error err;
  if (gsat_bmmc_plan_init(&plan, perm, (uint32_t)es, o, &err) != GSAT_OK) {
    printf("  %-28s n=%d es=%d: plan failed: %s\n", name, perm->a.n, es, err.message);
    return false;
  }
  bool failed = false;
  double ms = median_ms([&] {
    if (gsat_bmmc_plan_run(&plan, d.in, d.out, d.tmp, nullptr, &err) != GSAT_OK && !failed) {
      printf("  %s: run failed: %s\n", name, err.message);
      failed = true;
    }
  });
  if (failed) return false;
  char desc[256];
  record(name, perm->a.n, es, ms, gsat_bmmc_plan_describe(&plan, desc, sizeof desc));
  return true;
}

gsat_bmmc_options make_options(int kernel, int h, int m, int locality, bool async, bool swizzle,
                               bool gather) {
  gsat_bmmc_options o;
  gsat_bmmc_options_init(&o);
  o.kernel = kernel;
  o.warps_log = h;
  o.iters_log = m;
  o.locality = locality;
  o.async_copy = async;
  o.swizzle = swizzle;
  o.naive_gather = gather;
  return o;
}

void run_size(int n, int es, bool sweep, const arrays &d) {
  size_t first = rows.size();
  run_copies(n, es, d);
  uint64_t rng = 0xbe7c000 + (uint64_t)n;
  gsat_bmmc rev, bpc, tiled, general, id, tr;
  gsat_bmmc_bit_reverse(&rev, n);
  gsat_bmmc_random(&bpc, n, GSAT_BMMC_RANDOM_BPC, true, &rng);
  gsat_bmmc_random(&tiled, n, GSAT_BMMC_RANDOM_TILED, true, &rng);
  gsat_bmmc_random(&general, n, GSAT_BMMC_RANDOM_GENERAL, true, &rng);
  gsat_bmmc_identity(&id, n);
  gsat_bmmc_transpose(&tr, n / 2, n - n / 2);
  gsat_bmmc_options def = make_options(0, -1, -1, 0, false, true, false);
  gsat_bmmc_options naive = make_options(GSAT_BMMC_NAIVE, -1, -1, 0, false, true, false);
  gsat_bmmc_options naive_g = naive;
  naive_g.naive_gather = true;
  run_plan("naive-bitrev", &rev, es, &naive, d);
  run_plan("naive-gather-bitrev", &rev, es, &naive_g, d);
  run_plan("naive-random-bpc", &bpc, es, &naive, d);
  run_plan("tiled-identity", &id, es, &def, d);
  run_plan("tiled-bitrev", &rev, es, &def, d);
  run_plan("tiled-transpose", &tr, es, &def, d);
  run_plan("tiled-random-bpc", &bpc, es, &def, d);
  run_plan("tiled-random-tiled-bmmc", &tiled, es, &def, d);
  run_plan("two-pass-random-bmmc", &general, es, &def, d);
  if (sweep) {
    struct cfg {
      const char *tag;
      int h, m, loc;
      bool async, swz;
    };
    static const cfg cfgs[] = {
        {"h5m2", 5, 2, 0, false, true},     {"h5m3", 5, 3, 0, false, true},
        {"h5m4", 5, 4, 0, false, true},     {"h5m3-low", 5, 3, 1, false, true},
        {"h5m2-low", 5, 2, 1, false, true}, {"h4m3", 4, 3, 0, false, true},
        {"h3m3", 3, 3, 0, false, true},     {"h3m4a", 3, 4, 0, true, true},
        {"h5m3a", 5, 3, 0, true, true},     {"h5m4a", 5, 4, 0, true, true},
        {"h5m2a", 5, 2, 0, true, true},     {"h5m3-noswz", 5, 3, 0, false, false},
    };
    for (const cfg &c : cfgs) {
      if (es == 8 && c.m == 4 && !c.async) continue;
      gsat_bmmc_options o = make_options(0, c.h, c.m, c.loc, c.async, c.swz, false);
      std::string tag = std::string("sweep-bitrev-") + c.tag;
      run_plan(tag.c_str(), &rev, es, &o, d);
      tag = std::string("sweep-bpc-") + c.tag;
      run_plan(tag.c_str(), &bpc, es, &o, d);
      tag = std::string("sweep-bmmc2-") + c.tag;
      run_plan(tag.c_str(), &general, es, &o, d);
    }
  }
  double best = 0;
  std::string best_name;
  for (size_t i = first; i < rows.size(); i++)
    if (rows[i].name.rfind("copy", 0) == 0 && rows[i].gbps > best)
      best = rows[i].gbps, best_name = rows[i].name;
  printf("\nn=%d, %d-byte elements (%zu MiB per array); fastest copy: %s "
         "%.0f GB/s\n",
         n, es, ((size_t)es << n) >> 20, best_name.c_str(), best);
  printf("  %-28s %10s %10s %8s  %s\n", "case", "ms", "GB/s", "of copy", "plan");
  for (size_t i = first; i < rows.size(); i++) {
    row &r = rows[i];
    r.frac = r.gbps / best;
    printf("  %-28s %10.4f %10.1f %7.1f%%  %s\n", r.name.c_str(), r.ms, r.gbps, 100 * r.frac,
           r.note.c_str());
  }
  fflush(stdout);
}

void print_csv(FILE *f) {
  fprintf(f, "case,n,elem_bytes,ms,gbps,frac_of_fastest_copy,plan\n");
  for (const row &r : rows)
    fprintf(f, "%s,%d,%d,%.5f,%.1f,%.4f,\"%s\"\n", r.name.c_str(), r.n, r.es, r.ms, r.gbps, r.frac,
            r.note.c_str());
}

/* One launch per tiled case, labelled, for ncu -k regex:bmmc_tiled. */
int profile(int n) {
  arrays d;
  size_t bytes = (size_t)8 << n;
  BENCH_CHECK(cudaMalloc(&d.in, bytes));
  BENCH_CHECK(cudaMalloc(&d.out, bytes));
  BENCH_CHECK(cudaMalloc(&d.tmp, bytes));
  BENCH_CHECK(cudaMemset(d.in, 1, bytes));
  uint64_t rng = 0x9f0f11e;
  gsat_bmmc rev, bpc, tiled, general;
  gsat_bmmc_bit_reverse(&rev, n);
  gsat_bmmc_random(&bpc, n, GSAT_BMMC_RANDOM_BPC, true, &rng);
  gsat_bmmc_random(&tiled, n, GSAT_BMMC_RANDOM_TILED, false, &rng);
  gsat_bmmc_random(&general, n, GSAT_BMMC_RANDOM_GENERAL, false, &rng);
  struct pcase {
    const char *name;
    const gsat_bmmc *perm;
    int es;
    gsat_bmmc_options o;
  };
  gsat_bmmc_options def = make_options(0, -1, -1, 0, false, true, false);
  std::vector<pcase> cases = {
      {"bitrev-4B", &rev, 4, def},
      {"bitrev-4B-noswizzle", &rev, 4, make_options(0, -1, -1, 0, false, false, false)},
      {"bitrev-4B-async", &rev, 4, make_options(0, -1, -1, 0, true, true, false)},
      {"bpc-4B", &bpc, 4, def},
      {"tiled-bmmc-4B", &tiled, 4, def},
      {"bmmc-two-pass-4B", &general, 4, def},
      {"bitrev-8B", &rev, 8, def},
      {"bpc-8B", &bpc, 8, def},
  };
  int launch = 0;
  for (pcase &c : cases) {
    gsat_bmmc_plan plan;
    gsat_error err;
    char desc[256];
    if (gsat_bmmc_plan_init(&plan, c.perm, (uint32_t)c.es, &c.o, &err) != GSAT_OK ||
        gsat_bmmc_plan_run(&plan, d.in, d.out, d.tmp, nullptr, &err) != GSAT_OK) {
      printf("profile %s: %s\n", c.name, err.message);
      return 1;
    }
    BENCH_CHECK(cudaDeviceSynchronize());
    for (int p = 0; p < plan.passes; p++)
      printf("launch %d: %s pass %d [%s]\n", launch++, c.name, p,
             gsat_bmmc_plan_describe(&plan, desc, sizeof desc));
  }
  BENCH_CHECK(cudaFree(d.in));
  BENCH_CHECK(cudaFree(d.out));
  BENCH_CHECK(cudaFree(d.tmp));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  int profile_n = -1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--profile") && i + 1 < argc) {
      profile_n = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--quick")) {
      opt.quick = true;
    } else if (!strcmp(argv[i], "--csv") && i + 1 < argc) {
      opt.csv = fopen(argv[++i], "w");
      if (!opt.csv) perror(argv[i]);
    } else {
      fprintf(stderr,
              "usage: %s [--profile N] [--quick] "
              "[--csv FILE]\n",
              argv[0]);
      return 2;
    }
  }
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    fprintf(stderr, "bmmc_bench: no CUDA device\n");
    return 77;
  }
  cudaDeviceProp prop;
  BENCH_CHECK(cudaGetDeviceProperties(&prop, 0));
  sm_count = prop.multiProcessorCount;
  printf("device: %s, %d SMs, %.1f GiB, L2 %d MiB\n", prop.name, sm_count,
         (double)prop.totalGlobalMem / (1 << 30), prop.l2CacheSize >> 20);
  if (profile_n >= 0) return profile(profile_n);

  std::vector<std::pair<int, int>> sizes = {{24, 4}, {26, 4}, {28, 4}, {30, 4}, {28, 8}};
  if (opt.quick) sizes = {{22, 4}, {22, 8}};
  int top = 0;
  for (auto &s : sizes) top = std::max(top, s.first + (s.second == 8));
  arrays d;
  size_t bytes = (size_t)4 << top;
  BENCH_CHECK(cudaMalloc(&d.in, bytes));
  BENCH_CHECK(cudaMalloc(&d.out, bytes));
  BENCH_CHECK(cudaMalloc(&d.tmp, bytes));
  BENCH_CHECK(cudaMemset(d.in, 0x3c, bytes));
  BENCH_CHECK(cudaMemset(d.out, 0, bytes));
  BENCH_CHECK(cudaMemset(d.tmp, 0, bytes));
  for (auto &s : sizes) run_size(s.first, s.second, !opt.quick && s.first == 28, d);
  printf("\nCSV\n");
  print_csv(stdout);
  if (opt.csv) print_csv(opt.csv), fclose(opt.csv);
  /* The design targets at n = 28 (4-byte). */
  auto frac = [](const char *name, int n, int es) {
    for (const row &r : rows)
      if (r.name == name && r.n == n && r.es == es) return r.frac;
    return 0.0;
  };
  auto ms = [](const char *name, int n, int es) {
    for (const row &r : rows)
      if (r.name == name && r.n == n && r.es == es) return r.ms;
    return 0.0;
  };
  int tn = opt.quick ? 22 : 28;
  printf("\nTARGETS (n=%d, 4-byte)\n", tn);
  printf("  bit reversal   %5.1f%% of fastest copy (target 90%%)\n",
         100 * frac("tiled-bitrev", tn, 4));
  printf("  random BPC     %5.1f%% (target 90%%)\n", 100 * frac("tiled-random-bpc", tn, 4));
  printf("  tiled BMMC     %5.1f%% (target 85%%)\n", 100 * frac("tiled-random-tiled-bmmc", tn, 4));
  printf("  general BMMC   %5.1f%% (target 45%%)\n", 100 * frac("two-pass-random-bmmc", tn, 4));
  double t_tiled = ms("tiled-bitrev", tn, 4);
  printf("  naive/tiled bit reversal speedup %.1fx (target 20x)\n",
         t_tiled > 0 ? ms("naive-bitrev", tn, 4) / t_tiled : 0.0);
  BENCH_CHECK(cudaFree(d.in));
  BENCH_CHECK(cudaFree(d.out));
  BENCH_CHECK(cudaFree(d.tmp));
  return 0;
}
