/* Built by tests/install/run.sh against an installed duke library, found
 * with pkg-config: `cc check.c $(pkg-config --cflags --libs duke)`. It
 * checks the library answers as the engine does and exits non-zero if not. */
#include <duke.h>
#include <stdio.h>
#include <string.h>

#define EXPECT(cond)                                                   \
    do {                                                               \
        if (!(cond)) {                                                 \
            fprintf(stderr, "check.c:%d: failed: %s\n", __LINE__, #cond); \
            return 1;                                                  \
        }                                                              \
    } while (0)

int main(void) {
    duke_position *start = NULL;
    uint64_t leaves = 0;
    EXPECT(duke_position_new(&start) == DUKE_OK);
    EXPECT(duke_position_perft(start, 3, &leaves) == DUKE_OK);
    EXPECT(leaves == 4694);
    duke_position_free(start);

    duke_game *game = NULL;
    EXPECT(duke_game_new(42, &game) == DUKE_OK);
    EXPECT(duke_game_play(game, "B1-B2", 5) == DUKE_OK);
    EXPECT(duke_game_play(game, "C6-C5", 5) == DUKE_OK);
    EXPECT(duke_game_play(game, "C1-C2", 5) == DUKE_ILLEGAL_ACTION);
    char message[256];
    duke_last_error_message(message, sizeof message);
    EXPECT(strcmp(message, "C1-C2: the Duke on C1 has no mark that reaches C2") == 0);
    duke_game_free(game);

    printf("C program against libduke %s (pkg-config): perft 3 = %llu, refused: %s\n",
           duke_version_string(), (unsigned long long)leaves, message);
    return 0;
}
