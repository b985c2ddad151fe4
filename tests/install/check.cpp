// Built by tests/install/run.sh with CMake against an installed duke library
// (find_package(duke), target duke::duke or duke::duke_static), through the
// C++ RAII header duke.hpp. Exits non-zero if the library answers wrongly.
#include <duke.hpp>

#include <iostream>

int main() {
    try {
        duke::Position start;
        if (start.perft(3) != 4694) {
            std::cerr << "perft 3 of the start is not 4694\n";
            return 1;
        }
        duke::Game game(7);
        game.play("B1-B2");
        bool refused = false;
        try {
            game.play("C1-C2");
        } catch (const duke::Error &e) {
            refused = e.status() == DUKE_ILLEGAL_ACTION;
        }
        if (!refused) {
            std::cerr << "C1-C2 was not refused as illegal\n";
            return 1;
        }
        uint64_t rng = 0x9E3779B97F4A7C15ull;
        while (game.phase() != DUKE_PHASE_OVER) {
            auto choices = game.decisions();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            game.play_index(choices[rng % choices.size()]);
        }
        std::cout << "C++ program against libduke " << duke_version_string() << " (CMake, " << DUKE_LINKAGE
                  << "): a random game ended: " << game.result() << "\n";
    } catch (const duke::Error &e) {
        std::cerr << "error " << e.status() << ": " << e.what() << "\n";
        return 1;
    }
    return 0;
}
