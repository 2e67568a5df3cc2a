// Attack tables. Slider attacks use "plain" magic bitboards; the magics come from this file's own seeded
// search, stored in magics.hpp and verified at start-up (a collision would trigger a fresh search).
#include "attacks.hpp"

#include <memory>
#include <vector>

#include "magics.hpp"

namespace oc::rules::detail {
namespace {

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

bool onBoard(int f, int r) {
    return f >= 0 && f < 8 && r >= 0 && r < 8;
}

Bitboard slide(int sq, Bitboard occ, const int (&dirs)[4][2]) {
    Bitboard out = 0;
    for (const auto& d : dirs) {
        int f = (sq & 7) + d[0], r = (sq >> 3) + d[1];
        for (; onBoard(f, r); f += d[0], r += d[1]) {
            out |= bit(r * 8 + f);
            if (occ & bit(r * 8 + f)) break;
        }
    }
    return out;
}

Bitboard stepAttacks(int sq, const int (&steps)[8][2]) {
    Bitboard out = 0;
    for (const auto& d : steps) {
        const int f = (sq & 7) + d[0], r = (sq >> 3) + d[1];
        if (onBoard(f, r)) out |= bit(r * 8 + f);
    }
    return out;
}

// Relevant occupancy: the ray squares minus the board edges the ray runs into.
Bitboard relevantMask(int sq, const int (&dirs)[4][2]) {
    Bitboard out = 0;
    for (const auto& d : dirs) {
        int f = (sq & 7) + d[0], r = (sq >> 3) + d[1];
        while (onBoard(f + d[0], r + d[1])) {
            out |= bit(r * 8 + f);
            f += d[0];
            r += d[1];
        }
    }
    return out;
}

struct Rng {
    std::uint64_t s;
    std::uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 2685821657736338717ULL;
    }
    std::uint64_t sparse() { return next() & next() & next(); }
};

// Finds a collision-free magic for one square and fills its slice of `table`.
void findMagic(int sq, const int (&dirs)[4][2], Magic& m, Bitboard* table, Rng& rng, Bitboard stored) {
    m.mask = relevantMask(sq, dirs);
    const int bits = popcount(m.mask);
    m.shift = static_cast<unsigned>(64 - bits);
    const std::size_t n = std::size_t{1} << bits;
    std::vector<Bitboard> occ(n), ref(n);
    std::vector<unsigned> epoch(n, 0);
    Bitboard b = 0;
    for (std::size_t i = 0; i < n; ++i) {  // Carry-Rippler enumeration of all subsets of the mask
        occ[i] = b;
        ref[i] = slide(sq, b, dirs);
        b = (b - m.mask) & m.mask;
    }
    for (unsigned attempt = 1;; ++attempt) {
        m.magic = attempt == 1 ? stored : rng.sparse();  // the stored magic first: normally it just works
        if (attempt > 1 && popcount((m.mask * m.magic) >> 56) < 6) continue;
        bool ok = true;
        for (std::size_t i = 0; i < n && ok; ++i) {
            const auto idx = m.index(occ[i]);
            if (epoch[idx] != attempt) {
                epoch[idx] = attempt;
                table[idx] = ref[i];
            } else if (table[idx] != ref[i]) {
                ok = false;
            }
        }
        if (ok) break;
    }
    m.attacks = table;
}

void initLines(AttackTables& t) {
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            t.between[a][b] = 0;
            t.line[a][b] = 0;
            if (a == b) continue;
            for (const auto* dirs : {&kRookDirs, &kBishopDirs}) {
                if (slide(a, 0, *dirs) & bit(b)) {
                    t.between[a][b] = slide(a, bit(b), *dirs) & slide(b, bit(a), *dirs);
                    t.line[a][b] = (slide(a, 0, *dirs) & slide(b, 0, *dirs)) | bit(a) | bit(b);
                }
            }
        }
    }
}

std::unique_ptr<AttackTables> build() {
    constexpr int kKnight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    constexpr int kKing[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    auto t = std::make_unique<AttackTables>();
    static std::vector<Bitboard> rook_table(0x19000), bishop_table(0x1480);
    Rng rng{0x9E3779B97F4A7C15ULL};
    std::size_t rook_off = 0, bishop_off = 0;
    for (int sq = 0; sq < 64; ++sq) {
        t->knight[sq] = stepAttacks(sq, kKnight);
        t->king[sq] = stepAttacks(sq, kKing);
        const int f = sq & 7, r = sq >> 3;
        t->pawn[0][sq] = (r < 7 ? ((f > 0 ? bit(sq + 7) : 0) | (f < 7 ? bit(sq + 9) : 0)) : 0);
        t->pawn[1][sq] = (r > 0 ? ((f > 0 ? bit(sq - 9) : 0) | (f < 7 ? bit(sq - 7) : 0)) : 0);
        findMagic(sq, kRookDirs, t->rook[sq], rook_table.data() + rook_off, rng,
                  kRookMagics[static_cast<std::size_t>(sq)]);
        rook_off += std::size_t{1} << (64 - t->rook[sq].shift);
        findMagic(sq, kBishopDirs, t->bishop[sq], bishop_table.data() + bishop_off, rng,
                  kBishopMagics[static_cast<std::size_t>(sq)]);
        bishop_off += std::size_t{1} << (64 - t->bishop[sq].shift);
    }
    initLines(*t);
    return t;
}

}  // namespace

// Zero (constant) initialised before any dynamic initialiser runs, so ensureAttacks() can test it.
const AttackTables* gAttacks = nullptr;

void ensureAttacks() {
    if (!gAttacks) gAttacks = build().release();  // lives for the whole program
}

namespace {
[[maybe_unused]] const bool kAttacksBuilt = (ensureAttacks(), true);
}  // namespace

}  // namespace oc::rules::detail
