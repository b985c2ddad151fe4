/* Calls every function of include/duke.h, including every error path:
 * NULL handles and pointers, malformed DPN, illegal actions, the wrong
 * phase, buffers too small. Run under valgrind by .ci/run. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "duke.h"

static int passed = 0, failed = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (cond) {                                                          \
            passed++;                                                        \
        } else {                                                             \
            failed++;                                                        \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, \
                    #cond);                                                  \
        }                                                                    \
    } while (0)

#define S(text) text, strlen(text)

static char msg[512];

static const char *last_code(void) {
    static char code[64];
    duke_last_error_code(code, sizeof code);
    return code;
}

static const char *last_error(void) {
    duke_last_error_message(msg, sizeof msg);
    return msg;
}

static void test_version(void) {
    CHECK(duke_version() == (DUKE_VERSION_MAJOR << 16 | DUKE_VERSION_MINOR << 8 | DUKE_VERSION_PATCH));
    CHECK(strcmp(duke_version_string(), DUKE_VERSION_STRING) == 0);
    /* No error yet on this thread: an empty message. */
    CHECK(duke_last_error_message(NULL, 0) == 0);
}

static void test_flags(void) {
    uint8_t fl = 0, mk = 0;
    CHECK(duke_action_flags(S("C3xC5"), &fl) == DUKE_OK && fl == (DUKE_ACTION_CAPTURE | DUKE_ACTION_FLIP));
    CHECK(duke_action_flags(S("C3*B5"), &fl) == DUKE_OK && fl == (DUKE_ACTION_CAPTURE | DUKE_ACTION_FLIP | DUKE_ACTION_STRIKE));
    CHECK(duke_action_flags(S("E4:D5-E5"), &fl) == DUKE_OK && fl == (DUKE_ACTION_FLIP | DUKE_ACTION_COMMAND));
    CHECK(duke_action_flags(S("P@C2"), &fl) == DUKE_OK && fl == DUKE_ACTION_PLACE);
    CHECK(duke_action_flags(S("junk"), &fl) == DUKE_PARSE_ERROR);
    CHECK(duke_action_flags(S("B1-B2"), NULL) == DUKE_NULL_POINTER);
    CHECK(duke_troop_marks('D', 0, &mk) == DUKE_OK && mk == DUKE_MARK_SLIDE);
    CHECK(duke_troop_marks('G', 1, &mk) == DUKE_OK && (mk & DUKE_MARK_COMMAND));
    CHECK(duke_troop_marks('Q', 0, &mk) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_troop_marks('D', 2, &mk) == DUKE_INVALID_ARGUMENT);
}

static void test_position(void) {
    duke_position *pos = NULL, *next = NULL, *copy = NULL;
    char buf[4096];
    size_t n = 0;
    uint64_t count = 0;

    CHECK(duke_position_new(&pos) == DUKE_OK && pos != NULL);
    CHECK(duke_position_new(NULL) == DUKE_NULL_POINTER);

    CHECK(duke_position_to_dpn(pos, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strcmp(buf, "2fdf1/6/6/6/6/1FDF2 l ABCFGIKLMNPPPRSW/abcfgiklmnppprsw 0 0") == 0);
    CHECK(n == strlen(buf));
    /* Too small: the length needed is reported, nothing else written. */
    n = 0;
    CHECK(duke_position_to_dpn(pos, buf, 10, &n) == DUKE_BUFFER_TOO_SMALL);
    CHECK(n == 59);
    CHECK(strstr(last_error(), "are needed") != NULL);
    CHECK(duke_position_to_dpn(pos, NULL, 0, &n) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_position_to_dpn(pos, buf, sizeof buf, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_position_to_dpn(NULL, buf, sizeof buf, &n) == DUKE_NULL_POINTER);
    CHECK(strcmp(last_error(), "pos is NULL") == 0);

    /* DPN in. */
    duke_position *bad = (duke_position *)0x1;
    CHECK(duke_position_from_dpn(S("2fdf1/6/6/6/6/1FDF2 x -/- 0 0"), &bad) == DUKE_PARSE_ERROR);
    CHECK(bad == (duke_position *)0x1); /* out-param untouched on error */
    CHECK(strcmp(last_error(), "dpn field \"side\": expected 'l' or 'd', found \"x\"") == 0);
    CHECK(duke_position_from_dpn(NULL, 5, &bad) == DUKE_NULL_POINTER);
    CHECK(duke_position_from_dpn("\xff\xfe", 2, &bad) == DUKE_INVALID_UTF8);
    CHECK(duke_position_from_dpn(S("2fdf1/6/6/6/6/1FDF2 l -/- 0 0"), NULL) == DUKE_NULL_POINTER);
    duke_position *mid = NULL;
    CHECK(duke_position_from_dpn(S("2d3/1a1f2/2+G1n1/P2+M2/1C3L/2D3 l ABFIKNPPRSW/bcfgiklmppprsw 0 40"), &mid) == DUKE_OK);
    CHECK(duke_position_perft(mid, 2, &count) == DUKE_OK && count == 3066);

    /* Clone, side, actions. */
    CHECK(duke_position_clone(pos, &copy) == DUKE_OK);
    CHECK(duke_position_clone(NULL, &copy) == DUKE_NULL_POINTER);
    CHECK(duke_position_clone(pos, NULL) == DUKE_NULL_POINTER);
    duke_side side = DUKE_DARK;
    CHECK(duke_position_side_to_move(copy, &side) == DUKE_OK && side == DUKE_LIGHT);
    CHECK(duke_position_side_to_move(copy, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_position_side_to_move(NULL, &side) == DUKE_NULL_POINTER);

    CHECK(duke_position_legal_actions(pos, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strstr(buf, "B1-B2\n") != NULL && strstr(buf, "P@C2\n") != NULL);
    CHECK(duke_position_legal_actions(pos, buf, 3, &n) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_position_legal_actions(NULL, buf, sizeof buf, &n) == DUKE_NULL_POINTER);

    uint32_t idx[DUKE_MAX_ACTIONS];
    CHECK(duke_position_legal_indices(pos, DUKE_VIEW_ABSOLUTE, idx, DUKE_MAX_ACTIONS, &n) == DUKE_OK && n == 18);
    int has_b1b2 = 0;
    for (size_t i = 0; i < n; i++) has_b1b2 |= idx[i] == 1 * 36 + 7;
    CHECK(has_b1b2);
    CHECK(duke_position_legal_indices(pos, DUKE_VIEW_ABSOLUTE, idx, 4, &n) == DUKE_BUFFER_TOO_SMALL && n == 18);
    CHECK(duke_position_legal_indices(pos, 9, idx, DUKE_MAX_ACTIONS, &n) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_position_legal_indices(pos, DUKE_VIEW_MOVER, NULL, DUKE_MAX_ACTIONS, &n) == DUKE_NULL_POINTER);
    CHECK(duke_position_legal_indices(pos, DUKE_VIEW_MOVER, idx, DUKE_MAX_ACTIONS, NULL) == DUKE_NULL_POINTER);

    /* Play on a copy. */
    CHECK(duke_position_play(pos, S("B1-B2"), &next) == DUKE_OK);
    CHECK(duke_position_side_to_move(next, &side) == DUKE_OK && side == DUKE_DARK);
    duke_position *nope = NULL;
    CHECK(duke_position_play(pos, S("C1-C2"), &nope) == DUKE_ILLEGAL_ACTION && nope == NULL);
    CHECK(strcmp(last_error(), "C1-C2: the Duke on C1 has no mark that reaches C2") == 0);
    CHECK(duke_position_play(pos, S("C1~C2"), &nope) == DUKE_PARSE_ERROR);
    CHECK(duke_position_play(pos, NULL, 3, &nope) == DUKE_NULL_POINTER);
    CHECK(duke_position_play(pos, S("B1-B2"), NULL) == DUKE_NULL_POINTER);
    CHECK(duke_position_play(NULL, S("B1-B2"), &nope) == DUKE_NULL_POINTER);

    /* perft and observation. */
    CHECK(duke_position_perft(pos, 3, &count) == DUKE_OK && count == 4694);
    CHECK(duke_position_perft(pos, 3, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_position_perft(NULL, 3, &count) == DUKE_NULL_POINTER);
    static uint8_t obs[DUKE_OBS_LEN];
    CHECK(duke_position_observation(pos, DUKE_VIEW_ABSOLUTE, obs, sizeof obs) == DUKE_OK);
    CHECK(obs[0 * 36 + 2] == 1); /* Light's Duke on C1: plane 0, square 2 */
    CHECK(duke_position_observation(pos, DUKE_VIEW_ABSOLUTE, obs, 100) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_position_observation(pos, 7, obs, sizeof obs) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_position_observation(pos, DUKE_VIEW_ABSOLUTE, NULL, sizeof obs) == DUKE_NULL_POINTER);
    CHECK(duke_position_observation(NULL, DUKE_VIEW_ABSOLUTE, obs, sizeof obs) == DUKE_NULL_POINTER);

    duke_position_free(pos);
    duke_position_free(next);
    duke_position_free(copy);
    duke_position_free(mid);
    duke_position_free(NULL);
}

static void test_game(void) {
    duke_game *game = NULL;
    char buf[8192];
    size_t n = 0;
    bool done = false;
    duke_phase phase;
    duke_result result;
    duke_reason reason;

    CHECK(duke_game_new(7, &game) == DUKE_OK);
    CHECK(duke_game_new(7, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_PLAY);
    CHECK(duke_game_phase(NULL, &phase) == DUKE_NULL_POINTER);
    CHECK(duke_game_phase(game, NULL) == DUKE_NULL_POINTER);

    /* Actions by text, errors leave the game unchanged. */
    CHECK(duke_game_play(game, S("B1-B2")) == DUKE_OK);
    CHECK(duke_game_play(game, S("B2-B4")) == DUKE_ILLEGAL_ACTION);
    CHECK(strcmp(last_error(), "B2-B4: the Footman on B2 is Light's, and Dark is to move") == 0);
    CHECK(duke_game_play(game, S("junk")) == DUKE_PARSE_ERROR);
    CHECK(duke_game_play(game, NULL, 2) == DUKE_NULL_POINTER);
    CHECK(duke_game_play(NULL, S("B1-B2")) == DUKE_NULL_POINTER);
    CHECK(duke_game_play(game, "\xc3\x28", 2) == DUKE_INVALID_UTF8);
    CHECK(duke_game_legal_actions(game, buf, sizeof buf, &n) == DUKE_OK && strstr(buf, "E6-F6\n") != NULL);
    /* The decisions: the levy once, first; no whole levies (the bag decides). */
    CHECK(strncmp(buf, "levy\n", 5) == 0 && strchr(buf, '@') == NULL);
    CHECK(duke_game_play(game, S("P@D5")) == DUKE_ILLEGAL_ACTION && strcmp(last_code(), "levy.bag") == 0);
    uint32_t first[DUKE_MAX_ACTIONS + 1];
    CHECK(duke_game_legal_indices(game, DUKE_VIEW_MOVER, first, DUKE_MAX_ACTIONS + 1, &n) == DUKE_OK && first[0] == DUKE_DRAW_INDEX);
    /* The same order as Python's and JavaScript's: not ascending. */
    CHECK(n > 1 && first[1] < first[0]);
    CHECK(duke_game_legal_actions(game, buf, 1, &n) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_game_legal_actions(NULL, buf, sizeof buf, &n) == DUKE_NULL_POINTER);

    /* The levy: draw, then place; wrong-phase requests in between. */
    char troop = 0;
    CHECK(duke_game_play(game, S("E6-F6")) == DUKE_OK);
    char troops[16];
    double probs[16];
    CHECK(duke_game_levy_chances(game, troops, probs, 16, &n) == DUKE_OK && n == 14);
    double total = 0;
    for (size_t i = 0; i < n; i++) total += probs[i];
    CHECK(total > 0.999999 && total < 1.000001);
    CHECK(duke_game_levy_chances(game, troops, probs, 3, &n) == DUKE_BUFFER_TOO_SMALL && n == 14);
    CHECK(duke_game_levy_chances(game, NULL, probs, 16, &n) == DUKE_NULL_POINTER);
    CHECK(duke_game_levy_chances(NULL, troops, probs, 16, &n) == DUKE_NULL_POINTER);
    CHECK(duke_game_place(game, 8) == DUKE_WRONG_PHASE);
    CHECK(duke_game_draw(game, &troop) == DUKE_OK && troop != 0);
    CHECK(duke_game_draw(game, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_draw(NULL, &troop) == DUKE_NULL_POINTER);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_LEVY);
    CHECK(duke_game_play(game, S("C1-D1")) == DUKE_WRONG_PHASE);
    CHECK(duke_game_place(game, 99) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_place(game, 20) == DUKE_ILLEGAL_ACTION);
    CHECK(duke_game_place(NULL, 8) == DUKE_NULL_POINTER);
    CHECK(duke_game_place(game, 8) == DUKE_OK); /* C2 */
    /* Undo never re-rolls. */
    CHECK(duke_game_undo(game, &done) == DUKE_OK && done);
    char again = 0;
    CHECK(duke_game_draw(game, &again) == DUKE_OK && again == troop);
    CHECK(duke_game_place(game, 8) == DUKE_OK);
    CHECK(duke_game_undo(game, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_undo(NULL, &done) == DUKE_NULL_POINTER);
    CHECK(duke_game_undo(game, &done) == DUKE_OK && done);
    CHECK(duke_game_redo(game, &done) == DUKE_OK && done);
    CHECK(duke_game_redo(game, &done) == DUKE_OK && !done);
    CHECK(duke_game_redo(game, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_redo(NULL, &done) == DUKE_NULL_POINTER);

    /* Indices. */
    uint32_t idx[DUKE_MAX_ACTIONS];
    CHECK(duke_game_legal_indices(game, DUKE_VIEW_MOVER, idx, DUKE_MAX_ACTIONS, &n) == DUKE_OK && n > 0);
    CHECK(duke_game_play_index(game, DUKE_VIEW_MOVER, idx[0]) == DUKE_OK);
    CHECK(duke_game_play_index(game, DUKE_VIEW_MOVER, DUKE_ACTION_SPACE + 1) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_play_index(game, 5, 0) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_play_index(NULL, DUKE_VIEW_MOVER, 0) == DUKE_NULL_POINTER);
    CHECK(duke_game_legal_indices(game, DUKE_VIEW_MOVER, idx, 0, &n) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_game_legal_indices(NULL, DUKE_VIEW_MOVER, idx, DUKE_MAX_ACTIONS, &n) == DUKE_NULL_POINTER);

    /* Position, observation, perft. */
    duke_position *pos = NULL;
    CHECK(duke_game_position(game, &pos) == DUKE_OK && pos != NULL);
    CHECK(duke_game_position(game, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_position(NULL, &pos) == DUKE_NULL_POINTER);
    static uint8_t obs[DUKE_OBS_LEN];
    CHECK(duke_game_observation(game, DUKE_VIEW_LIGHT, obs, sizeof obs) == DUKE_OK);
    CHECK(duke_game_observation(game, DUKE_VIEW_LIGHT, obs, 1) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_game_observation(NULL, DUKE_VIEW_LIGHT, obs, sizeof obs) == DUKE_NULL_POINTER);
    uint64_t count = 0;
    CHECK(duke_game_perft(game, 1, &count) == DUKE_OK && count > 0);
    CHECK(duke_game_perft(game, 1, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_perft(NULL, 1, &count) == DUKE_NULL_POINTER);

    /* Record out and in. */
    CHECK(duke_game_record(game, false, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strncmp(buf, "duke-record 1\n", 14) == 0 && strstr(buf, "seed") == NULL);
    duke_game *back = NULL;
    CHECK(duke_game_from_record(buf, n, &back) == DUKE_OK);
    duke_position *back_pos = NULL;
    char a[256], b[256];
    size_t na = 0, nb = 0;
    CHECK(duke_game_position(back, &back_pos) == DUKE_OK);
    CHECK(duke_position_to_dpn(pos, a, sizeof a, &na) == DUKE_OK);
    CHECK(duke_position_to_dpn(back_pos, b, sizeof b, &nb) == DUKE_OK);
    CHECK(strcmp(a, b) == 0);
    CHECK(duke_game_record(game, true, buf, sizeof buf, &n) == DUKE_OK && strstr(buf, "seed 7\n") != NULL);
    CHECK(duke_game_record(game, true, buf, 5, &n) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_game_record(NULL, true, buf, sizeof buf, &n) == DUKE_NULL_POINTER);
    duke_game *broken = NULL;
    CHECK(duke_game_from_record(S("duke-record 1\nsetup D@C1 F@B1 F@D1 D@D6 F@C6 F@E6\n1. B1-B3\n"), &broken) == DUKE_RECORD_ERROR);
    CHECK(strcmp(last_error(), "record line 3 (turn 1): B1-B3: the Footman on B1 has no mark that reaches B3") == 0);
    CHECK(duke_game_from_record(NULL, 3, &broken) == DUKE_NULL_POINTER);
    CHECK(duke_game_from_record(S("duke-record 1\n"), NULL) == DUKE_NULL_POINTER);

    /* Result while playing. */
    CHECK(duke_game_result(game, &result, &reason) == DUKE_OK);
    CHECK(result == DUKE_RESULT_NONE && reason == DUKE_REASON_NONE);
    CHECK(duke_game_result(game, NULL, &reason) == DUKE_NULL_POINTER);
    CHECK(duke_game_result(game, &result, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_result(NULL, &result, &reason) == DUKE_NULL_POINTER);
    CHECK(duke_game_result_text(game, buf, sizeof buf, &n) == DUKE_OK && n == 0 && buf[0] == 0);
    CHECK(duke_game_result_text(NULL, buf, sizeof buf, &n) == DUKE_NULL_POINTER);

    duke_position_free(pos);
    duke_position_free(back_pos);
    duke_game_free(back);
    duke_game_free(game);
    duke_game_free(NULL);
}

static void test_setup_and_end(void) {
    duke_game *game = NULL;
    duke_phase phase;
    char buf[256];
    size_t n;
    CHECK(duke_game_new_setup(1, &game) == DUKE_OK);
    CHECK(duke_game_new_setup(1, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_SETUP);
    char troop;
    CHECK(duke_game_draw(game, &troop) == DUKE_WRONG_PHASE);
    CHECK(duke_game_play(game, S("B1-B2")) == DUKE_WRONG_PHASE);
    CHECK(strcmp(last_error(), "B1-B2: Light sets up its Duke first, on C1 or D1") == 0);
    CHECK(duke_game_play(game, S("D@D1")) == DUKE_OK);
    CHECK(duke_game_setup_fixed(game) == DUKE_WRONG_PHASE); /* Light has begun */
    CHECK(duke_game_play(game, S("F@C1")) == DUKE_OK);
    CHECK(duke_game_play(game, S("F@E1")) == DUKE_OK);
    CHECK(duke_game_setup_fixed(game) == DUKE_OK); /* Dark's fixed setup */
    CHECK(duke_game_setup_fixed(NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_PLAY);
    duke_game_free(game);

    /* A finished game: Light captures the Duke. */
    duke_position *pos = NULL;
    CHECK(duke_position_from_dpn(S("D4d/5W/6/6/6/6 l P/- 0 0"), &pos) == DUKE_OK);
    CHECK(duke_game_from_position(pos, 3, &game) == DUKE_OK);
    CHECK(duke_game_from_position(NULL, 3, &game) == DUKE_NULL_POINTER);
    CHECK(duke_game_from_position(pos, 3, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_play(game, S("F5xF6")) == DUKE_OK);
    duke_result result;
    duke_reason reason;
    CHECK(duke_game_result(game, &result, &reason) == DUKE_OK);
    CHECK(result == DUKE_RESULT_LIGHT_WINS && reason == DUKE_REASON_DUKE_CAPTURED);
    CHECK(duke_game_result_text(game, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strcmp(buf, "Light wins: it captured the opposing Duke") == 0);
    CHECK(duke_game_play(game, S("A6-A5")) == DUKE_WRONG_PHASE);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_OVER);
    /* The last error message can be read in pieces. */
    size_t full = duke_last_error_message(NULL, 0);
    char small[8];
    CHECK(duke_last_error_message(small, sizeof small) == full && strlen(small) == 7);
    duke_game_free(game);
    duke_position_free(pos);
}

static void test_ai(void) {
    duke_position *pos = NULL;
    duke_game *game = NULL;
    char buf[1024];
    size_t n = 0;
    CHECK(duke_position_from_dpn(S("D4d/5W/6/6/6/6 l P/- 0 0"), &pos) == DUKE_OK);
    CHECK(duke_game_from_position(pos, 1, &game) == DUKE_OK);
    for (uint8_t level = 1; level <= 5; level++) {
        CHECK(duke_game_best_action(game, level, 0, buf, sizeof buf, &n) == DUKE_OK);
        /* Each of these wins at once (after F5-E6 Dark has no action). */
        CHECK(strcmp(buf, "F5xF6") == 0 || strcmp(buf, "A6xF6") == 0 || strcmp(buf, "F5-E6") == 0);
    }
    /* The engine's players, by name. */
    CHECK(duke_game_player_decision(game, S("greedy"), 0, buf, sizeof buf, &n) == DUKE_OK && n > 0);
    CHECK(duke_game_player_decision(game, S("level2"), 0, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(duke_game_player_decision(game, S("grumpy"), 0, buf, sizeof buf, &n) == DUKE_PARSE_ERROR);
    CHECK(strcmp(last_code(), "player.name") == 0);
    /* Level 0 is the default level every face plays (DUKE_DEFAULT_LEVEL). */
    char want[64];
    CHECK(duke_game_best_action(game, DUKE_DEFAULT_LEVEL, 0, want, sizeof want, &n) == DUKE_OK);
    CHECK(duke_game_best_action(game, 0, 0, buf, sizeof buf, &n) == DUKE_OK && strcmp(buf, want) == 0);
    CHECK(duke_game_best_action(game, 6, 0, buf, sizeof buf, &n) == DUKE_INVALID_ARGUMENT);
    CHECK(strcmp(last_code(), "level.range") == 0);
    CHECK(duke_game_best_action(NULL, 1, 0, buf, sizeof buf, &n) == DUKE_NULL_POINTER);
    CHECK(duke_game_best_action(game, 1, 0, buf, sizeof buf, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_game_best_action(game, 1, 0, buf, 2, &n) == DUKE_BUFFER_TOO_SMALL && n == 5);
    duke_search_limits limits = {2, 0, 0};
    CHECK(duke_game_best_action_limits(game, &limits, buf, sizeof buf, &n) == DUKE_OK && n == 5);
    duke_search_limits none = {0, 0, 0};
    CHECK(duke_game_best_action_limits(game, &none, buf, sizeof buf, &n) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_best_action_limits(game, NULL, buf, sizeof buf, &n) == DUKE_NULL_POINTER);
    CHECK(duke_game_best_action_limits(NULL, &limits, buf, sizeof buf, &n) == DUKE_NULL_POINTER);
    CHECK(duke_game_hint(game, 3, 2, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strncmp(buf, "best ", 5) == 0 && strstr(buf, "\npv ") != NULL && strstr(buf, "\ntop ") != NULL);
    CHECK(duke_game_hint(game, 9, 2, buf, sizeof buf, &n) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_hint(NULL, 3, 2, buf, sizeof buf, &n) == DUKE_NULL_POINTER);
    CHECK(duke_game_hint(game, 3, 2, buf, 4, &n) == DUKE_BUFFER_TOO_SMALL);
    /* Helper threads: still a winning action; 0 and 65 are refused. */
    CHECK(duke_game_set_threads(game, 2) == DUKE_OK);
    CHECK(duke_game_best_action(game, 5, 0, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strcmp(buf, "F5xF6") == 0 || strcmp(buf, "A6xF6") == 0 || strcmp(buf, "F5-E6") == 0);
    duke_search_limits deeper = {3, 0, 0};
    CHECK(duke_game_best_action_limits(game, &deeper, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strcmp(buf, "F5xF6") == 0 || strcmp(buf, "A6xF6") == 0 || strcmp(buf, "F5-E6") == 0);
    CHECK(duke_game_hint(game, 3, 2, buf, sizeof buf, &n) == DUKE_OK && strncmp(buf, "best ", 5) == 0);
    CHECK(duke_game_set_threads(game, 0) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_set_threads(game, 65) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_game_set_threads(NULL, 2) == DUKE_NULL_POINTER);
    CHECK(duke_game_set_threads(game, 1) == DUKE_OK);
    /* Not in play: the AI has nothing to decide. */
    CHECK(duke_game_play(game, S("F5xF6")) == DUKE_OK);
    CHECK(duke_game_best_action(game, 1, 0, buf, sizeof buf, &n) == DUKE_WRONG_PHASE);
    CHECK(duke_game_hint(game, 1, 1, buf, sizeof buf, &n) == DUKE_WRONG_PHASE);
    duke_game_free(game);
    duke_position_free(pos);
    /* From the start the AI may levy: then it places the drawn troop. */
    CHECK(duke_game_new(3, &game) == DUKE_OK);
    CHECK(duke_game_best_action(game, 3, 0, buf, sizeof buf, &n) == DUKE_OK);
    if (strcmp(buf, "levy") == 0) {
        char troop;
        CHECK(duke_game_draw(game, &troop) == DUKE_OK);
        CHECK(duke_game_best_action(game, 3, 0, buf, sizeof buf, &n) == DUKE_OK && buf[1] == '@');
    }
    CHECK(duke_game_play(game, buf, n) == DUKE_OK);
    duke_game_free(game);
}

/* The shared bad-input corpus (tests/data/bad_inputs.txt): each entry is
   refused with its code, and a game given a bad action is unchanged. The C
   API reads no square names, so "square" entries are skipped here; rules
   texts start a game (duke_game_new_rules). */
#ifndef DUKE_DATA_DIR
#define DUKE_DATA_DIR "tests/data"
#endif

static size_t unescape(char *s) {
    char *r = s, *w = s;
    while (*r) {
        if (r[0] == '\\' && r[1]) {
            *w++ = r[1] == 'n' ? '\n' : r[1] == 't' ? '\t' : r[1];
            r += 2;
        } else {
            *w++ = *r++;
        }
    }
    *w = 0;
    return (size_t)(w - s);
}

static void test_bad_inputs(void) {
    FILE *f = fopen(DUKE_DATA_DIR "/bad_inputs.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[4096];
    int lines = 0, checked = 0;
    while (fgets(line, sizeof line, f)) {
        lines++;
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        if (n == 0 || line[0] == '#') continue;
        char *field[4] = {0};
        int k = 0;
        char *p = line;
        field[k++] = p;
        while ((p = strchr(p, '\t')) && k < 4) { *p++ = 0; field[k++] = p; }
        const char *kind = field[0], *code = field[1];
        char *last = field[k - 1];
        size_t last_len = unescape(last);
        duke_status st = DUKE_OK;
        if (strcmp(kind, "dpn") == 0) {
            duke_position *pos = NULL;
            st = duke_position_from_dpn(last, last_len, &pos);
            CHECK(pos == NULL);
        } else if (strcmp(kind, "action") == 0 && k == 4) {
            /* Through the game first: refused with the same code, unchanged. */
            duke_position *pos = NULL;
            CHECK(duke_position_from_dpn(field[2], strlen(field[2]), &pos) == DUKE_OK);
            duke_game *game = NULL;
            CHECK(duke_game_from_position(pos, 1, &game) == DUKE_OK);
            static char before[8192], after[8192];
            size_t len = 0;
            CHECK(duke_game_record(game, true, before, sizeof before, &len) == DUKE_OK);
            /* A whole levy goes through the call for a troop from outside. */
            duke_status game_st = duke_game_play_levy(game, last, last_len);
            if (game_st == DUKE_OK || strcmp(last_code(), code) != 0) {
                fprintf(stderr, "bad_inputs.txt line %d (game): code %s, expected %s\n", lines, last_code(), code);
                failed++;
            }
            CHECK(duke_game_record(game, true, after, sizeof after, &len) == DUKE_OK);
            CHECK(strcmp(before, after) == 0);
            duke_game_free(game);
            /* Then through the position; its code is checked below. */
            duke_position *next = NULL;
            st = duke_position_play(pos, last, last_len, &next);
            CHECK(next == NULL);
            duke_position_free(pos);
        } else if (strcmp(kind, "play") == 0 && k == 4) {
            /* Plain play in a game: refused with the code, unchanged. */
            duke_position *pos = NULL;
            CHECK(duke_position_from_dpn(field[2], strlen(field[2]), &pos) == DUKE_OK);
            duke_game *game = NULL;
            CHECK(duke_game_from_position(pos, 1, &game) == DUKE_OK);
            duke_position_free(pos);
            static char before2[8192], after2[8192];
            size_t len = 0;
            CHECK(duke_game_record(game, true, before2, sizeof before2, &len) == DUKE_OK);
            st = duke_game_play(game, last, last_len);
            CHECK(duke_game_record(game, true, after2, sizeof after2, &len) == DUKE_OK);
            CHECK(strcmp(before2, after2) == 0);
            duke_game_free(game);
        } else if (strcmp(kind, "record") == 0) {
            duke_game *game = NULL;
            st = duke_game_from_record(last, last_len, &game);
            CHECK(game == NULL);
        } else if (strcmp(kind, "rules") == 0) {
            duke_game *game = NULL;
            st = duke_game_new_rules(last, last_len, 1, false, &game);
            CHECK(game == NULL);
        } else {
            continue;
        }
        checked++;
        if (st == DUKE_OK || strcmp(last_code(), code) != 0) {
            fprintf(stderr, "bad_inputs.txt line %d: status %d code %s, expected %s\n", lines, (int)st, last_code(), code);
            failed++;
        } else {
            passed++;
        }
    }
    fclose(f);
    CHECK(checked > 50);
}

/* The conformance vectors (tests/data/conformance/decisions.txt), read by
 * every face: a game's decisions in order as text and as indices, and the
 * decision best_action gives at the default level (level 0). */
static void test_conformance(void) {
    FILE *f = fopen(DUKE_DATA_DIR "/conformance/decisions.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[8192], text[8192], want[8192];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        if (n == 0 || line[0] == '#') continue;
        char *dpn = line, *texts = strchr(dpn, '\t');
        if (!texts) { failed++; continue; }
        *texts++ = 0;
        char *indices = strchr(texts, '\t');
        if (!indices) { failed++; continue; }
        *indices++ = 0;
        char *best = strchr(indices, '\t');
        if (!best) { failed++; continue; }
        *best++ = 0;
        duke_position *pos = NULL;
        duke_game *game = NULL;
        CHECK(duke_position_from_dpn(dpn, strlen(dpn), &pos) == DUKE_OK);
        CHECK(duke_game_from_position(pos, 1, &game) == DUKE_OK);
        duke_position_free(pos);
        /* The texts: one a line in the game's list, space-separated in the file. */
        size_t len = 0;
        CHECK(duke_game_legal_actions(game, text, sizeof text, &len) == DUKE_OK);
        snprintf(want, sizeof want, "%s", texts);
        for (char *c = want; *c; c++) if (*c == ' ') *c = '\n';
        size_t wl = strlen(want);
        if (wl) { want[wl] = '\n'; want[wl + 1] = 0; }
        if (strcmp(text, want) != 0) {
            fprintf(stderr, "conformance %s: decisions\n%s\nexpected\n%s\n", dpn, text, want);
            failed++;
        }
        /* The indices, in the same order. */
        uint32_t idx[DUKE_MAX_ACTIONS + 1];
        size_t count = 0;
        CHECK(duke_game_legal_indices(game, DUKE_VIEW_MOVER, idx, DUKE_MAX_ACTIONS + 1, &count) == DUKE_OK);
        char *p = indices;
        for (size_t i = 0; i < count; i++) {
            char *end = NULL;
            unsigned long v = strtoul(p, &end, 10);
            if (end == p || v != idx[i]) { fprintf(stderr, "conformance %s: index %zu\n", dpn, i); failed++; break; }
            p = end;
        }
        while (*p == ' ') p++;
        CHECK(*p == 0);
        /* The default decision. */
        CHECK(duke_game_best_action(game, 0, 0, text, sizeof text, &len) == DUKE_OK);
        if (strcmp(text, best) != 0) {
            fprintf(stderr, "conformance %s: best %s, expected %s\n", dpn, text, best);
            failed++;
        } else {
            passed++;
        }
        duke_game_free(game);
        checked++;
    }
    fclose(f);
    CHECK(checked >= 15);
}

/* The perft files (tests/data/NAME.perft), read by every face: each position
   reads and writes back the same, and its counts up to 200,000 leaves (the
   first count always) are the engine's. */
static void test_perft_file(const char *name) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s", DUKE_DATA_DIR, name);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[1024], id[1024];
    static char dpn[1024], back[1024];
    duke_position *pos = NULL;
    int cases = 0, first = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        if (strncmp(line, "id ", 3) == 0) {
            snprintf(id, sizeof id, "%s", line + 3);
            first = 1;
        } else if (strncmp(line, "dpn ", 4) == 0) {
            duke_position_free(pos);
            pos = NULL;
            snprintf(dpn, sizeof dpn, "%s", line + 4);
            CHECK(duke_position_from_dpn(dpn, strlen(dpn), &pos) == DUKE_OK);
            size_t len = 0;
            CHECK(pos && duke_position_to_dpn(pos, back, sizeof back, &len) == DUKE_OK);
            if (pos && strcmp(back, dpn) != 0) {
                fprintf(stderr, "%s %s: dpn written back as %s\n", name, id, back);
                failed++;
            }
            cases++;
        } else if (strncmp(line, "perft ", 6) == 0 && pos) {
            unsigned depth = 0;
            unsigned long long want = 0;
            CHECK(sscanf(line + 6, "%u %llu", &depth, &want) == 2);
            if (!first && want > 200000) continue;
            first = 0;
            uint64_t count = 0;
            CHECK(duke_position_perft(pos, depth, &count) == DUKE_OK);
            if (count != want) {
                fprintf(stderr, "%s %s: perft %u = %llu, expected %llu\n", name, id, depth,
                        (unsigned long long)count, want);
                failed++;
            } else {
                passed++;
            }
        }
    }
    duke_position_free(pos);
    fclose(f);
    CHECK(cases >= 2);
}

/* Expanded Play through C: a game under rules, its state, its decisions to
   the end, its record read back; the start as decisions; given terrain. */
static void test_expanded(void) {
    duke_game *game = NULL;
    duke_phase phase;
    static char buf[1 << 16];
    size_t n = 0;
    CHECK(duke_game_new_rules(S("coup+mountain"), 5, false, &game) == DUKE_OK);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_PLAY);
    CHECK(duke_game_rules(game, buf, sizeof buf, &n) == DUKE_OK && strcmp(buf, "coup+mountain") == 0);
    uint32_t space = 0;
    CHECK(duke_game_action_space(game, &space) == DUKE_OK && space == DUKE_EXPANDED_ACTION_SPACE);
    duke_position *pos = NULL;
    CHECK(duke_game_position(game, &pos) == DUKE_OK);
    duke_state state;
    CHECK(duke_position_state(pos, &state) == DUKE_OK);
    CHECK(state.mountain < 36 && state.fort == DUKE_NO_SQUARE);
    CHECK(state.light_flag < 36 && state.dark_flag < 36 && state.light_flag != state.dark_flag);
    CHECK(state.light_points == 0 && state.dark_points == 0 && !state.relocation_pending);
    CHECK(duke_position_state(pos, NULL) == DUKE_NULL_POINTER);
    CHECK(duke_position_rules(pos, buf, sizeof buf, &n) == DUKE_OK && strcmp(buf, "coup+mountain") == 0);
    duke_position_free(pos);
    /* The observation under Expanded Play: 119 planes, the Mountain's on
       plane 107 (Light's view: square i at byte i), coup's on plane 115. */
    static uint8_t eobs[DUKE_EXPANDED_OBS_LEN];
    CHECK(duke_game_observation(game, DUKE_VIEW_LIGHT, eobs, DUKE_OBS_LEN) == DUKE_BUFFER_TOO_SMALL);
    CHECK(duke_game_observation(game, DUKE_VIEW_LIGHT, eobs, sizeof eobs) == DUKE_OK);
    CHECK(eobs[107 * 36 + state.mountain] == 1 && eobs[115 * 36] == 1 && eobs[117 * 36] == 0);
    /* Random decisions to the end, each from the game's own list. */
    uint64_t x = 88172645463325252ull;
    int turns = 0;
    for (;;) {
        CHECK(duke_game_phase(game, &phase) == DUKE_OK);
        if (phase == DUKE_PHASE_OVER || turns > 2000) break;
        CHECK(duke_game_legal_actions(game, buf, sizeof buf, &n) == DUKE_OK);
        size_t lines = 0;
        for (size_t i = 0; i < n; i++) lines += buf[i] == '\n';
        if (lines == 0) { failed++; break; }
        x ^= x << 13; x ^= x >> 7; x ^= x << 17;
        size_t pick = (size_t)(x % lines), at = 0;
        char *line = buf;
        while (at < pick) { line = strchr(line, '\n') + 1; at++; }
        char *end = strchr(line, '\n');
        CHECK(duke_game_play(game, line, (size_t)(end - line)) == DUKE_OK);
        turns++;
    }
    duke_result result;
    duke_reason reason;
    CHECK(duke_game_result(game, &result, &reason) == DUKE_OK && result != DUKE_RESULT_NONE);
    CHECK(duke_game_record(game, false, buf, sizeof buf, &n) == DUKE_OK);
    CHECK(strstr(buf, "\nrules coup+mountain\n") != NULL && strstr(buf, " mountain@") != NULL);
    duke_game *back = NULL;
    CHECK(duke_game_from_record(buf, n, &back) == DUKE_OK);
    duke_result back_result;
    duke_reason back_reason;
    CHECK(duke_game_result(back, &back_result, &back_reason) == DUKE_OK);
    CHECK(back_result == result && back_reason == reason);
    duke_game_free(back);
    duke_game_free(game);

    /* The start as decisions: the draft's first pick is Dark's. */
    CHECK(duke_game_new_rules(S("draft"), 1, true, &game) == DUKE_OK);
    CHECK(duke_game_phase(game, &phase) == DUKE_OK && phase == DUKE_PHASE_DRAFT);
    CHECK(duke_game_play(game, S("pick:D")) == DUKE_WRONG_PHASE);
    CHECK(strcmp(last_code(), "setup") == 0);
    CHECK(duke_game_play(game, S("pick:M")) == DUKE_OK);
    duke_game_free(game);
    /* Given terrain, and terrain the rules do not have. */
    CHECK(duke_game_new_terrain(S("mountain+fort"), 1, 14, 21, &game) == DUKE_OK);
    CHECK(duke_game_setup_fixed(game) == DUKE_OK && duke_game_setup_fixed(game) == DUKE_OK);
    CHECK(duke_game_position(game, &pos) == DUKE_OK && duke_position_state(pos, &state) == DUKE_OK);
    CHECK(state.mountain == 14 && state.fort == 21);
    duke_position_free(pos);
    duke_game_free(game);
    game = NULL;
    CHECK(duke_game_new_terrain(S("coup"), 1, 14, DUKE_NO_SQUARE, &game) == DUKE_WRONG_PHASE && game == NULL);
    CHECK(strcmp(last_code(), "setup") == 0);
    CHECK(duke_game_new_rules(S("rider+draft"), 1, false, &game) == DUKE_PARSE_ERROR && game == NULL);
    CHECK(strcmp(last_code(), "rules.text") == 0);
}

/* The SVG drawing, with the engine's flag set. */
static void test_svg(void) {
    duke_position *pos = NULL;
    CHECK(duke_position_new(&pos) == DUKE_OK);
    static char a[1 << 17], b[1 << 17];
    size_t la = 0, lb = 0;
    CHECK(duke_position_svg(pos, DUKE_SVG_DEFAULT, 0, a, sizeof a, &la) == DUKE_OK);
    CHECK(strncmp(a, "<svg", 4) == 0 && strstr(a, ">A</text>") != NULL);
    CHECK(duke_position_svg(pos, 0, 0, b, sizeof b, &lb) == DUKE_OK);
    CHECK(strstr(b, ">A</text>") == NULL);
    CHECK(duke_position_svg(pos, DUKE_SVG_FROM_DARK | DUKE_SVG_COORDINATES, 40, b, sizeof b, &lb) == DUKE_OK);
    CHECK(strcmp(a, b) != 0);
    CHECK(duke_position_svg(pos, 4, 0, b, sizeof b, &lb) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_position_svg(pos, 0, 8, b, sizeof b, &lb) == DUKE_INVALID_ARGUMENT);
    CHECK(duke_last_error_code(b, sizeof b) > 0 && strcmp(b, "svg.size") == 0);
    CHECK(duke_position_svg(pos, DUKE_SVG_DEFAULT, 0, b, 10, &lb) == DUKE_BUFFER_TOO_SMALL && lb == la);
    duke_position_free(pos);
}

/* The player vectors (tests/data/conformance/players.txt): a standard game
 * with seed S, both sides one of the engine's players, decision t made with
 * seed S + t; its first decisions, played back through duke_game_play. */
static void test_conformance_players(void) {
    FILE *f = fopen(DUKE_DATA_DIR "/conformance/players.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[8192], text[256];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        if (n == 0 || line[0] == '#') continue;
        char *player = line, *seed_text = strchr(player, '\t');
        if (!seed_text) { failed++; continue; }
        *seed_text++ = 0;
        char *decisions = strchr(seed_text, '\t');
        if (!decisions) { failed++; continue; }
        *decisions++ = 0;
        uint64_t seed = strtoull(seed_text, NULL, 10);
        duke_game *game = NULL;
        CHECK(duke_game_new(seed, &game) == DUKE_OK);
        uint64_t t = 0;
        int ok = 1;
        for (char *want = strtok(decisions, " "); want; want = strtok(NULL, " "), t++) {
            size_t len = 0;
            if (duke_game_player_decision(game, player, strlen(player), seed + t, text, sizeof text, &len) != DUKE_OK ||
                strcmp(text, want) != 0) {
                fprintf(stderr, "conformance %s seed %s: decision %llu is %s, expected %s\n", player, seed_text,
                        (unsigned long long)t, text, want);
                ok = 0;
                break;
            }
            CHECK(duke_game_play(game, text, len) == DUKE_OK);
        }
        if (ok) passed++; else failed++;
        duke_game_free(game);
        checked++;
    }
    fclose(f);
    CHECK(checked >= 12);
}

/* The name vectors (tests/data/conformance/names.txt): C gives phases,
 * reasons and marks as numbers, in the engine's order; troops as letters. */
static void test_conformance_names(void) {
    FILE *f = fopen(DUKE_DATA_DIR "/conformance/names.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static const struct { const char *kind, *word; int value; } table[] = {
        {"phase", "setup", DUKE_PHASE_SETUP}, {"phase", "play", DUKE_PHASE_PLAY},
        {"phase", "levy", DUKE_PHASE_LEVY}, {"phase", "over", DUKE_PHASE_OVER},
        {"phase", "draft", DUKE_PHASE_DRAFT}, {"phase", "flags", DUKE_PHASE_FLAGS},
        {"reason", "duke-captured", DUKE_REASON_DUKE_CAPTURED}, {"reason", "no-action", DUKE_REASON_NO_ACTION},
        {"reason", "repetition", DUKE_REASON_REPETITION}, {"reason", "quiet-turns", DUKE_REASON_QUIET_TURNS},
        {"reason", "points", DUKE_REASON_POINTS}, {"reason", "flag-home", DUKE_REASON_FLAG_HOME},
        {"reason", "no-tiles", DUKE_REASON_NO_TILES}, {"reason", "knight-captured", DUKE_REASON_KNIGHT_CAPTURED},
        {"reason", "pikemen-home", DUKE_REASON_PIKEMEN_HOME},
        {"reason", "pikemen-captured", DUKE_REASON_PIKEMEN_CAPTURED},
        {"mark", "move", DUKE_MARK_MOVE}, {"mark", "jump", DUKE_MARK_JUMP}, {"mark", "slide", DUKE_MARK_SLIDE},
        {"mark", "jump_slide", DUKE_MARK_JUMP_SLIDE}, {"mark", "strike", DUKE_MARK_STRIKE},
        {"mark", "command", DUKE_MARK_COMMAND},
    };
    static char line[256];
    int phase = 0, reason = 1, mark = 0, troops = 0, found = 0;
    uint8_t all_marks = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *kind = strtok(line, "\t"), *word = strtok(NULL, "\t"), *text = strtok(NULL, "\t"),
             *shortform = strtok(NULL, "\t\n");
        if (!kind || !word || !text || !shortform) { failed++; continue; }
        int *at = strcmp(kind, "phase") == 0 ? &phase : strcmp(kind, "reason") == 0 ? &reason
                : strcmp(kind, "mark") == 0 ? &mark : NULL;
        if (strcmp(kind, "troop") == 0) {
            /* Every troop letter is read, on both faces. */
            uint8_t marks = 0;
            CHECK(duke_troop_marks(shortform[0], 0, &marks) == DUKE_OK && marks != 0);
            all_marks |= marks;
            CHECK(duke_troop_marks(shortform[0], 1, &marks) == DUKE_OK && marks != 0);
            all_marks |= marks;
            troops++;
        }
        if (!at) continue;
        int value = -1;
        for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
            if (strcmp(table[i].kind, kind) == 0 && strcmp(table[i].word, word) == 0) value = table[i].value;
        int want = at == &mark ? 1 << *at : *at;
        if (value != want) {
            fprintf(stderr, "conformance: %s %s is %d in C, %d in the engine's order\n", kind, word, value, want);
            failed++;
        } else {
            passed++;
        }
        (*at)++;
        found++;
    }
    fclose(f);
    CHECK(found == (int)(sizeof table / sizeof table[0]));
    CHECK(troops == 15);
    CHECK(all_marks == (1 << mark) - 1);
}

/* The range vectors (tests/data/conformance/ranges.txt): C's entry point for
 * each limit, with the value and the code. C's unsigned parameters cannot
 * hold -1, and 0 means "the default" for a level and "unset" for a
 * search limit, so those probes have no C call and are skipped. */
static void test_conformance_ranges(void) {
    FILE *f = fopen(DUKE_DATA_DIR "/conformance/ranges.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[256], text[256], code[64];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *limit = strtok(line, "\t"), *value_text = strtok(NULL, "\t"), *want = strtok(NULL, "\t\n");
        if (!limit || !value_text || !want) { failed++; continue; }
        long long v = strtoll(value_text, NULL, 10);
        int zero_is_unset = strcmp(limit, "level") == 0 || strcmp(limit, "depth") == 0 || strcmp(limit, "svg_square") == 0 ||
                            strcmp(limit, "nodes") == 0 || strcmp(limit, "millis") == 0;
        if ((v < 0 && strcmp(limit, "score") != 0) || (v == 0 && zero_is_unset)) continue;
        duke_game *game = NULL;
        duke_position *pos = NULL;
        CHECK(duke_game_new(1, &game) == DUKE_OK);
        CHECK(duke_position_new(&pos) == DUKE_OK);
        size_t len = 0;
        uint64_t n = 0;
        duke_search_limits lim = {0, 0, 0};
        duke_status st = DUKE_OK;
        if (strcmp(limit, "level") == 0) {
            st = duke_game_best_action(game, (uint8_t)v, 0, text, sizeof text, &len);
        } else if (strcmp(limit, "threads") == 0) {
            st = duke_game_set_threads(game, (uint32_t)v);
        } else if (strcmp(limit, "depth") == 0 || strcmp(limit, "nodes") == 0 || strcmp(limit, "millis") == 0) {
            if (limit[0] == 'd') lim.depth = (uint32_t)v;
            else if (limit[0] == 'n') lim.nodes = (uint64_t)v;
            else lim.millis = (uint64_t)v;
            st = duke_game_best_action_limits(game, &lim, text, sizeof text, &len);
        } else if (strcmp(limit, "perft_depth") == 0) {
            st = duke_position_perft(pos, (uint32_t)v, &n);
        } else if (strcmp(limit, "svg_square") == 0) {
            static char drawing[1 << 17];
            st = duke_position_svg(pos, DUKE_SVG_DEFAULT, (uint32_t)v, drawing, sizeof drawing, &len);
        } else if (strcmp(limit, "score") == 0) {
            st = duke_score_text(v, text, sizeof text, &len);
        } else if (strcmp(limit, "hints") == 0) {
            static char hint[65536];
            st = duke_game_hint(game, 1, (uint32_t)v, hint, sizeof hint, &len);
        } else {
            fprintf(stderr, "conformance: no C call for the limit %s\n", limit);
            failed++;
        }
        code[0] = 0;
        if (st != DUKE_OK) duke_last_error_code(code, sizeof code);
        const char *got = st == DUKE_OK ? "-" : code;
        if (strcmp(got, want) != 0 || (st != DUKE_OK && st != DUKE_INVALID_ARGUMENT)) {
            fprintf(stderr, "conformance: %s %lld gives %s (status %d), expected %s\n", limit, v, got, (int)st, want);
            failed++;
        } else {
            passed++;
        }
        duke_game_free(game);
        duke_position_free(pos);
        checked++;
    }
    fclose(f);
    CHECK(checked >= 12);
}

/* The request vectors (tests/data/conformance/requests.txt): the AI's answer
 * to one request, through duke_game_decide (and duke_game_set_evaluation,
 * duke_game_player_decision): the decision and the listed ones, or the
 * engine's code. */
static void test_conformance_requests(void) {
    FILE *f = fopen(DUKE_DATA_DIR "/conformance/requests.txt", "r");
    CHECK(f != NULL);
    if (!f) return;
    static char line[4096], text[8192], got[8192], code[64];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\n') line[--n] = 0;
        if (n == 0 || line[0] == '#') continue;
        char *start = line, *decisions = strchr(start, '\t');
        if (!decisions) { failed++; continue; }
        *decisions++ = 0;
        char *request = strchr(decisions, '\t');
        if (!request) { failed++; continue; }
        *request++ = 0;
        char *want = strchr(request, '\t');
        if (!want) { failed++; continue; }
        *want++ = 0;
        duke_game *game = NULL;
        if (strcmp(start, "setup") == 0) {
            CHECK(duke_game_new_setup(1, &game) == DUKE_OK);
        } else if (strcmp(start, "standard") == 0) {
            CHECK(duke_game_new(1, &game) == DUKE_OK);
        } else {
            duke_position *pos = NULL;
            CHECK(duke_position_from_dpn(start, strlen(start), &pos) == DUKE_OK);
            CHECK(duke_game_from_position(pos, 1, &game) == DUKE_OK);
            duke_position_free(pos);
        }
        if (!game) { failed++; continue; }
        if (strcmp(decisions, "-") != 0) {
            for (char *d = strtok(decisions, " "); d; d = strtok(NULL, " ")) CHECK(duke_game_play(game, d, strlen(d)) == DUKE_OK);
        }
        duke_request r;
        memset(&r, 0, sizeof r);
        const char *player = NULL;
        duke_status st = DUKE_OK;
        static char words[512];
        snprintf(words, sizeof words, "%s", request);
        for (char *w = strtok(words, " "); w && st == DUKE_OK; w = strtok(NULL, " ")) {
            char *eq = strchr(w, '=');
            const char *value = eq ? eq + 1 : "";
            if (eq) *eq = 0;
            if (strcmp(w, "hint") == 0) r.hint = true;
            else if (strcmp(w, "level") == 0) r.level = (uint8_t)atoi(value);
            else if (strcmp(w, "depth") == 0) r.depth = (uint32_t)atol(value);
            else if (strcmp(w, "nodes") == 0) r.nodes = strtoull(value, NULL, 10);
            else if (strcmp(w, "millis") == 0) r.millis = strtoull(value, NULL, 10);
            else if (strcmp(w, "seed") == 0) r.seed = strtoull(value, NULL, 10);
            else if (strcmp(w, "top") == 0) r.top = (uint32_t)atol(value);
            else if (strcmp(w, "evaluation") == 0) st = duke_game_set_evaluation(game, value, strlen(value));
            else if (strcmp(w, "player") == 0) player = value;
        }
        size_t len = 0;
        if (st == DUKE_OK && player) {
            st = duke_game_player_decision(game, player, strlen(player), 0, text, sizeof text, &len);
            if (st == DUKE_OK) snprintf(got, sizeof got, "%s", text);
        } else if (st == DUKE_OK) {
            st = duke_game_decide(game, &r, text, sizeof text, &len);
            if (st == DUKE_OK) {
                /* "best <d> <score>\npv ...\n" then "top <d> <score>" lines. */
                char best[64] = "";
                sscanf(text, "best %63s", best);
                snprintf(got, sizeof got, "%s", best);
                char *top = strstr(text, "\ntop ");
                if (top) strcat(got, " top");
                while (top) {
                    char d[64] = "";
                    sscanf(top + 5, "%63s", d);
                    strcat(got, " ");
                    strcat(got, d);
                    top = strstr(top + 1, "\ntop ");
                }
            }
        }
        if (st != DUKE_OK) {
            duke_last_error_code(code, sizeof code);
            snprintf(got, sizeof got, "error %s", code);
        }
        if (strcmp(got, want) != 0) {
            fprintf(stderr, "conformance request %s | %s | %s: %s, expected %s\n", start, decisions, request, got, want);
            failed++;
        } else {
            passed++;
        }
        duke_game_free(game);
        checked++;
    }
    fclose(f);
    CHECK(checked >= 40);
}

int main(void) {
    test_version();
    test_flags();
    test_position();
    test_game();
    test_setup_and_end();
    test_ai();
    test_bad_inputs();
    test_svg();
    test_conformance();
    test_conformance_players();
    test_conformance_names();
    test_conformance_ranges();
    test_conformance_requests();
    test_perft_file("spec.perft");
    test_perft_file("positions.perft");
    test_perft_file("expanded.perft");
    test_expanded();
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
