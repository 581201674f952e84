/* The placeholder of a test that this build could not register (tests/
 * CMakeLists.txt, gsat_skipped_test): prints why and exits 77, which CTest
 * reports as a skip, so that the test is listed where users look instead of
 * missing silently.  Usage: gsat_skip REASON... */
#include <stdio.h>

int main(int argc, char **argv) {
  printf("skipped:");
  for (int i = 1; i < argc; i++) printf(" %s", argv[i]);
  printf("\n");
  return 77;
}
