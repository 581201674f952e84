/* Replays inputs through a fuzz harness's LLVMFuzzerTestOneInput without
 * libFuzzer, so that every build (any compiler) runs the seed corpus and the
 * crash regressions: replay [FILE | DIRECTORY]...  Directories are read one
 * level deep, in name order.  Prints the number of inputs; exit code 1 when
 * none was found or one could not be read (a broken property aborts). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "replay: cannot open %s\n", path);
    return -1;
  }
  size_t cap = 4096, size = 0;
  uint8_t *data = malloc(cap);
  for (;;) {
    if (!data) break;
    size += fread(data + size, 1, cap - size, f);
    if (size < cap) break;
    uint8_t *bigger = realloc(data, 2 * cap);
    if (!bigger) {
      free(data);
      data = NULL;
      break;
    }
    data = bigger;
    cap *= 2;
  }
  int bad = ferror(f) || !data;
  fclose(f);
  if (bad) {
    fprintf(stderr, "replay: cannot read %s\n", path);
    free(data);
    return -1;
  }
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  return 0;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  size_t inputs = 0;
  int failed = 0;
  for (int a = 1; a < argc; a++) {
    struct stat sb;
    if (stat(argv[a], &sb) != 0) {
      fprintf(stderr, "replay: no such file or directory: %s\n", argv[a]);
      failed = 1;
      continue;
    }
    if (!S_ISDIR(sb.st_mode)) {
      failed |= replay_file(argv[a]) != 0;
      inputs++;
      continue;
    }
    DIR *dir = opendir(argv[a]);
    if (!dir) {
      fprintf(stderr, "replay: cannot open directory %s\n", argv[a]);
      failed = 1;
      continue;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(dir));) {
      if (e->d_name[0] == '.') continue;
      if (n == cap) {
        cap = cap ? 2 * cap : 64;
        char **bigger = realloc(names, cap * sizeof *names);
        if (!bigger) abort();
        names = bigger;
      }
      size_t len = strlen(argv[a]) + strlen(e->d_name) + 2;
      names[n] = malloc(len);
      if (!names[n]) abort();
      snprintf(names[n], len, "%s/%s", argv[a], e->d_name);
      n++;
    }
    closedir(dir);
    if (n) qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
      if (stat(names[i], &sb) == 0 && S_ISREG(sb.st_mode)) {
        failed |= replay_file(names[i]) != 0;
        inputs++;
      }
      free(names[i]);
    }
    free(names);
  }
  printf("replay: %zu inputs\n", inputs);
  return failed || inputs == 0 ? 1 : 0;
}
