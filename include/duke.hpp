// duke.hpp: a thin C++17 RAII wrapper over the C API of duke-engine (duke.h).
//
// Handles are owned by duke::Position and duke::Game and freed by their
// destructors (both are movable, not copyable); a failing call throws
// duke::Error, whose what() is the library's message and status() the
// duke_status. No rule lives here: every answer comes from the library.
//
//     #include <duke.hpp>
//
//     duke::Position start;                  // the standard start
//     start.perft(3);                        // 4694
//     duke::Game game(42);                   // a game with seed 42
//     game.play("B1-B2");
//     try { game.play("C1-C2"); } catch (const duke::Error &e) { /* e.what() says why */ }
//     game.record();                         // the game record as text
//
// Build: link the library and compile as C++17 or later, for example
//     c++ -std=c++17 app.cpp $(pkg-config --cflags --libs duke)
// or, with CMake: find_package(duke) and target_link_libraries(app PRIVATE duke::duke).
// The raw C functions stay available for what the wrapper does not cover.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "duke.h"

namespace duke {

class Error : public std::runtime_error {
  public:
    Error(duke_status status, const std::string &message)
        : std::runtime_error(message), status_(status) {}
    duke_status status() const { return status_; }

  private:
    duke_status status_;
};

inline void check(duke_status s) {
    if (s == DUKE_OK) return;
    std::string msg(duke_last_error_message(nullptr, 0), '\0');
    duke_last_error_message(&msg[0], msg.size() + 1);
    throw Error(s, msg);
}

// Calls a text-returning function twice: once for the size, once to fill.
template <typename F>
std::string text(F &&f) {
    size_t len = 0;
    duke_status s = f(nullptr, 0, &len);
    if (s != DUKE_BUFFER_TOO_SMALL) check(s);
    std::string out(len, '\0');
    check(f(&out[0], len + 1, &len));
    return out;
}

class Position {
  public:
    Position() {
        duke_position *raw = nullptr;
        check(duke_position_new(&raw));
        p_.reset(raw);
    }
    explicit Position(const std::string &dpn) {
        duke_position *raw = nullptr;
        check(duke_position_from_dpn(dpn.data(), dpn.size(), &raw));
        p_.reset(raw);
    }
    std::string dpn() const {
        return text([&](char *b, size_t n, size_t *o) { return duke_position_to_dpn(p_.get(), b, n, o); });
    }
    uint64_t perft(uint32_t depth) const {
        uint64_t n = 0;
        check(duke_position_perft(p_.get(), depth, &n));
        return n;
    }

  private:
    struct Free { void operator()(duke_position *p) const { duke_position_free(p); } };
    std::unique_ptr<duke_position, Free> p_;
};

class Game {
  public:
    explicit Game(uint64_t seed) {
        duke_game *raw = nullptr;
        check(duke_game_new(seed, &raw));
        g_.reset(raw);
    }
    std::vector<uint32_t> decisions(duke_perspective view = DUKE_VIEW_ABSOLUTE) const {
        std::vector<uint32_t> out(DUKE_MAX_ACTIONS);
        size_t n = 0;
        check(duke_game_legal_indices(g_.get(), view, out.data(), out.size(), &n));
        out.resize(n);
        return out;
    }
    void play(const std::string &action) { check(duke_game_play(g_.get(), action.data(), action.size())); }
    void play_index(uint32_t index, duke_perspective view = DUKE_VIEW_ABSOLUTE) {
        check(duke_game_play_index(g_.get(), view, index));
    }
    duke_phase phase() const {
        duke_phase p;
        check(duke_game_phase(g_.get(), &p));
        return p;
    }
    std::string record(bool with_seed = false) const {
        return text([&](char *b, size_t n, size_t *o) { return duke_game_record(g_.get(), with_seed, b, n, o); });
    }
    std::string result() const {
        return text([&](char *b, size_t n, size_t *o) { return duke_game_result_text(g_.get(), b, n, o); });
    }

  private:
    struct Free { void operator()(duke_game *g) const { duke_game_free(g); } };
    std::unique_ptr<duke_game, Free> g_;
};

}  // namespace duke
