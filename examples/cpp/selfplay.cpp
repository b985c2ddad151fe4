// The C example again, through the RAII wrapper in duke.hpp.
#include <cstdlib>
#include <iostream>

#include "duke.hpp"

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;
    try {
        duke::Position start;
        std::cout << "# " << start.dpn() << " perft 3 = " << start.perft(3) << "\n";
        duke::Game game(seed);
        try {
            game.play("C1-C2");  // illegal: shows how errors arrive
        } catch (const duke::Error &e) {
            std::cout << "# refused: " << e.what() << "\n";
        }
        uint64_t rng = seed * 0x9E3779B97F4A7C15ull | 1;
        while (game.phase() != DUKE_PHASE_OVER) {
            auto choices = game.decisions();
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            game.play_index(choices[rng % choices.size()]);
        }
        std::cout << game.record() << "# " << game.result() << "\n";
    } catch (const duke::Error &e) {
        std::cerr << "error " << e.status() << ": " << e.what() << "\n";
        return 1;
    }
    return 0;
}
