/*
 * The C side of the paper's Table 3: sequential and random reads and writes of 256-byte blocks of
 * a file, here the data blocks of a jnvm heap that org.jnvm.bench.table3.Table3Report has filled.
 * It does exactly what the Java side (org.jnvm.bench.table3.RuntimeBlocks) does, in the same
 * order and with the same values, so that both print the same checksums:
 *
 *   read   sum the block's 32 words, then fold the sum into an order-dependent hash;
 *   write  store 32 words, write back each 64-byte line (CLWB), then SFENCE once per block;
 *   random visit the blocks in a Fisher-Yates permutation driven by splitmix64(seed), the same
 *          generator as org.jnvm.bench.table3.Permutation.
 *
 * usage: table3 FILE FIRST_OFFSET BLOCKS SEED WARMUPS PASSES STAMP
 *   FIRST_OFFSET  file offset of the first block; BLOCKS blocks of 256 bytes follow it
 *   STAMP         the first write pass stores stamp STAMP, the next STAMP + 1, ...
 * prints "permutation FINGERPRINT", then "PATTERN PASS NANOSECONDS CHECKSUM" for every pass
 * (warm-up passes have negative numbers); writes report the stamp they stored as their checksum.
 *
 * Build: gcc -O3 -march=native -mclwb -mclflushopt (bench/run-table3 does it, and an -O2 build beside it).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <immintrin.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define BLOCK 256
#define WORDS (BLOCK / 8)
#define LINE 64
#define HASH_PRIME 0x100000001B3ULL

/* -DWRITE_BACK=_mm_clflushopt builds the variant that evicts each line, as JDK 17's intrinsic does
   on AMD CPUs; the default is CLWB, which the paper used. */
#ifndef WRITE_BACK
#define WRITE_BACK _mm_clwb
#endif

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

#define HUGE_PAGE (2u << 20)

/* The visit order is asked for on huge pages, as the Java side's int[] is when its JVM runs with
   -XX:+UseTransparentHugePages (bench/run-table3), so that neither side pays more TLB misses on
   it than the other. */
static uint32_t *permutation(uint64_t n, uint64_t seed) {
  size_t bytes = (n * sizeof(uint32_t) + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
  uint32_t *p = aligned_alloc(HUGE_PAGE, bytes);
  if (p == NULL) {
    perror("table3: permutation");
    exit(2);
  }
  madvise(p, bytes, MADV_HUGEPAGE);
  for (uint64_t i = 0; i < n; i++) {
    p[i] = (uint32_t)i;
  }
  uint64_t state = seed;
  for (uint64_t i = n - 1; i > 0; i--) {
    uint64_t j = splitmix64(&state) % (i + 1);
    uint32_t t = p[i];
    p[i] = p[j];
    p[j] = t;
  }
  return p;
}

/* Tells two permutations apart; Permutation.fingerprint computes the same. */
static uint64_t fingerprint(const uint32_t *p, uint64_t n) {
  uint64_t h = 0;
  for (uint64_t i = 0; i < n; i++) {
    h = (h ^ p[i]) * HASH_PRIME;
  }
  return h;
}

static inline uint64_t block_sum(const uint64_t *b) {
  uint64_t s = 0;
  for (int w = 0; w < WORDS; w++) {
    s += b[w];
  }
  return s;
}

static inline void write_block(uint64_t *b, uint64_t index, uint64_t stamp) {
  uint64_t first = (stamp << 40) + index * WORDS;
  for (int w = 0; w < WORDS; w++) {
    b[w] = first + (uint64_t)w;
  }
  for (int l = 0; l < BLOCK; l += LINE) {
    WRITE_BACK((char *)b + l);
  }
  _mm_sfence();
}

static uint64_t seq_read(char *base, uint64_t n) {
  uint64_t h = 0;
  for (uint64_t i = 0; i < n; i++) {
    h = (h ^ block_sum((const uint64_t *)(base + i * BLOCK))) * HASH_PRIME;
  }
  return h;
}

static uint64_t rand_read(char *base, const uint32_t *order, uint64_t n) {
  uint64_t h = 0;
  for (uint64_t i = 0; i < n; i++) {
    h = (h ^ block_sum((const uint64_t *)(base + (uint64_t)order[i] * BLOCK))) * HASH_PRIME;
  }
  return h;
}

static void seq_write(char *base, uint64_t n, uint64_t stamp) {
  for (uint64_t i = 0; i < n; i++) {
    write_block((uint64_t *)(base + i * BLOCK), i, stamp);
  }
}

static void rand_write(char *base, const uint32_t *order, uint64_t n, uint64_t stamp) {
  for (uint64_t i = 0; i < n; i++) {
    uint64_t b = order[i];
    write_block((uint64_t *)(base + b * BLOCK), b, stamp);
  }
}

static uint64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

static uint64_t number(const char *arg, const char *what) {
  char *end;
  unsigned long long v = strtoull(arg, &end, 10);
  if (*arg == '\0' || *end != '\0') {
    fprintf(stderr, "table3: %s is not a number: %s\n", what, arg);
    exit(2);
  }
  return (uint64_t)v;
}

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr, "usage: table3 FILE FIRST_OFFSET BLOCKS SEED WARMUPS PASSES STAMP\n");
    return 2;
  }
  uint64_t first = number(argv[2], "FIRST_OFFSET");
  uint64_t n = number(argv[3], "BLOCKS");
  uint64_t seed = number(argv[4], "SEED");
  int warmups = (int)number(argv[5], "WARMUPS");
  int passes = (int)number(argv[6], "PASSES");
  uint64_t stamp = number(argv[7], "STAMP");

  int fd = open(argv[1], O_RDWR);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) != 0) {
    perror(argv[1]);
    return 2;
  }
  if (n == 0 || n > UINT32_MAX || first % BLOCK != 0 || first + n * BLOCK > (uint64_t)st.st_size) {
    fprintf(stderr, "table3: %" PRIu64 " blocks from offset %" PRIu64 " do not fit in %s\n", n, first, argv[1]);
    return 2;
  }
  char *map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (map == MAP_FAILED) {
    perror("table3: mmap");
    return 2;
  }
  char *base = map + first;
  uint32_t *order = permutation(n, seed);
  printf("permutation %" PRIu64 "\n", fingerprint(order, n));

  /* The order of patterns and passes is RuntimeBlocks.runAll's. */
  for (int p = -warmups; p < passes; p++) {
    uint64_t t0 = now_ns();
    uint64_t h = seq_read(base, n);
    printf("seq-read %d %" PRIu64 " %" PRIu64 "\n", p, now_ns() - t0, h);
  }
  for (int p = -warmups; p < passes; p++) {
    uint64_t t0 = now_ns();
    uint64_t h = rand_read(base, order, n);
    printf("rand-read %d %" PRIu64 " %" PRIu64 "\n", p, now_ns() - t0, h);
  }
  for (int p = -warmups; p < passes; p++) {
    uint64_t t0 = now_ns();
    seq_write(base, n, stamp);
    printf("seq-write %d %" PRIu64 " %" PRIu64 "\n", p, now_ns() - t0, stamp++);
  }
  for (int p = -warmups; p < passes; p++) {
    uint64_t t0 = now_ns();
    rand_write(base, order, n, stamp);
    printf("rand-write %d %" PRIu64 " %" PRIu64 "\n", p, now_ns() - t0, stamp++);
  }
  fflush(stdout);
  munmap(map, (size_t)st.st_size);
  close(fd);
  free(order);
  return 0;
}
