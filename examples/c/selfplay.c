/* A game of The Duke that plays itself through the C API, choosing
 * uniformly among the decisions the game accepts, then prints the record. */
#include <stdio.h>
#include <stdlib.h>

#include "duke.h"

static int fail(const char *what, duke_status s) {
    char msg[256];
    duke_last_error_message(msg, sizeof msg);
    fprintf(stderr, "%s failed (status %d): %s\n", what, (int)s, msg);
    return 1;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    duke_game *game = NULL;
    duke_status s = duke_game_new(seed, &game);
    if (s != DUKE_OK) return fail("duke_game_new", s);

    uint32_t choices[DUKE_MAX_ACTIONS];
    uint64_t rng = seed * 0x9E3779B97F4A7C15ull | 1;
    duke_phase phase = DUKE_PHASE_PLAY;
    while (phase != DUKE_PHASE_OVER) {
        size_t n = 0;
        s = duke_game_legal_indices(game, DUKE_VIEW_ABSOLUTE, choices, DUKE_MAX_ACTIONS, &n);
        if (s != DUKE_OK) return fail("duke_game_legal_indices", s);
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        s = duke_game_play_index(game, DUKE_VIEW_ABSOLUTE, choices[rng % n]);
        if (s != DUKE_OK) return fail("duke_game_play_index", s);
        duke_game_phase(game, &phase);
    }

    size_t len = 0;
    duke_game_record(game, false, NULL, 0, &len); /* ask for the size */
    char *record = malloc(len + 1);
    s = duke_game_record(game, false, record, len + 1, &len);
    if (s != DUKE_OK) return fail("duke_game_record", s);
    fputs(record, stdout);
    free(record);

    char result[128];
    duke_game_result_text(game, result, sizeof result, &len);
    printf("# %s\n", result);
    duke_game_free(game);
    return 0;
}
