/* C handles used from several threads (as include/duke.h allows): each
 * thread plays its own games, and all threads read one shared position;
 * the results must equal a run on one thread. Errors on one thread do not
 * disturb another's last error. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "duke.h"

#define THREADS 4
#define GAMES 25

static int failed = 0;
static pthread_mutex_t fail_lock = PTHREAD_MUTEX_INITIALIZER;

static void fail(const char *what) {
    pthread_mutex_lock(&fail_lock);
    fprintf(stderr, "FAILED: %s\n", what);
    failed++;
    pthread_mutex_unlock(&fail_lock);
}

/* A seeded random game; returns a hash of its record (0 on failure). */
static uint64_t play_game(uint64_t seed) {
    duke_game *game = NULL;
    if (duke_game_new(seed, &game) != DUKE_OK) return 0;
    uint32_t choices[DUKE_MAX_ACTIONS];
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull | 1;
    duke_phase phase = DUKE_PHASE_PLAY;
    while (phase != DUKE_PHASE_OVER) {
        size_t n = 0;
        if (duke_game_legal_indices(game, DUKE_VIEW_MOVER, choices, DUKE_MAX_ACTIONS, &n) != DUKE_OK || n == 0) {
            duke_game_free(game);
            return 0;
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        if (duke_game_play_index(game, DUKE_VIEW_MOVER, choices[rng % n]) != DUKE_OK) {
            duke_game_free(game);
            return 0;
        }
        /* A refused action on this thread: its own error, nothing changed. */
        if (duke_game_play(game, "A1-A1", 5) != DUKE_PARSE_ERROR) fail("a bad action was accepted");
        char code[32];
        duke_last_error_code(code, sizeof code);
        if (strcmp(code, "action.syntax") != 0) fail("another thread's error leaked in");
        duke_game_phase(game, &phase);
    }
    static __thread char record[1 << 16];
    size_t len = 0;
    uint64_t h = 1469598103934665603ull;
    if (duke_game_record(game, true, record, sizeof record, &len) == DUKE_OK) {
        for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)record[i]) * 1099511628211ull;
    } else {
        h = 0;
    }
    duke_game_free(game);
    return h;
}

static const duke_position *shared;
static uint64_t hashes[THREADS][GAMES];
static uint64_t perfts[THREADS];

static void *worker(void *arg) {
    int t = (int)(intptr_t)arg;
    for (int g = 0; g < GAMES; g++) hashes[t][g] = play_game((uint64_t)(t * GAMES + g));
    /* Read-only use of one shared handle from every thread at once. */
    uint64_t n = 0;
    if (duke_position_perft(shared, 3, &n) != DUKE_OK) fail("perft on the shared position");
    perfts[t] = n;
    return NULL;
}

int main(void) {
    duke_position *pos = NULL;
    const char *mid = "2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40";
    if (duke_position_from_dpn(mid, strlen(mid), &pos) != DUKE_OK) return 1;
    shared = pos;
    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) pthread_create(&threads[t], NULL, worker, (void *)(intptr_t)t);
    for (int t = 0; t < THREADS; t++) pthread_join(threads[t], NULL);
    int compared = 0;
    for (int t = 0; t < THREADS; t++) {
        if (perfts[t] != 173601) fail("perft of the shared position");
        for (int g = 0; g < GAMES; g++) {
            uint64_t alone = play_game((uint64_t)(t * GAMES + g));
            if (alone == 0 || hashes[t][g] != alone) fail("a game differs from the one-thread run");
            compared++;
        }
    }
    duke_position_free(pos);
    printf("threads: %d games on %d threads equal the one-thread run, %d failed\n", compared, THREADS, failed);
    return failed == 0 ? 0 : 1;
}
