//! Secrecy of the draw: nothing a player or an observation sees depends on
//! the game's seed, so nothing public reveals the next draw. Two games
//! with different seeds and the same decisions are indistinguishable
//! until a troop is drawn (and then differ only by that troop).

use duke_engine::batch::VecGame;
use duke_engine::encode::{write_game_mask, write_game_observation, ACTION_SPACE, DRAW, OBS_LEN};
use duke_engine::Perspective;
use duke_engine::{Game, Phase};

/// Everything public about a game that the seed could leak into.
fn public_view(game: &Game) -> (String, String, Vec<u8>, Vec<u8>, String, String) {
    let mut obs = vec![0u8; OBS_LEN * 2];
    write_game_observation(game, Perspective::Mover, &mut obs[..OBS_LEN]);
    write_game_observation(game, Perspective::Absolute, &mut obs[OBS_LEN..]);
    let mut mask = vec![0u8; ACTION_SPACE];
    write_game_mask(game, Perspective::Mover, &mut mask);
    let chances: Vec<String> = game
        .levy_chances()
        .map(|c| format!("{:?} {}/{}", c.troop, c.count, c.total))
        .collect();
    (
        game.position().to_string(),
        game.record(),
        obs,
        mask,
        format!("{game:?} {:?} {}", game.legal_actions(), game.repetitions()),
        chances.join(","),
    )
}

fn xorshift(x: &mut u64) -> u64 {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    *x
}

#[test]
fn different_seeds_same_decisions_look_the_same() {
    let mut compared = 0;
    for pair in 0..200u64 {
        let (s1, s2) = (pair, pair ^ 0xDEAD_BEEF_0000_0001);
        let (mut a, mut b) = (Game::standard(s1), Game::standard(s2));
        let mut x = pair * 2 + 1;
        while a.outcome().is_none() {
            assert_eq!(public_view(&a), public_view(&b));
            compared += 1;
            // Maneuvers and outside-troop levies: decisions the seed does not touch.
            let list = a.legal_actions();
            let act = list[(xorshift(&mut x) % list.len() as u64) as usize];
            a.play_levy(act).unwrap();
            b.play_levy(act).unwrap();
        }
        assert_eq!(public_view(&a), public_view(&b));
        assert_eq!(a.record(), b.record());
        assert_ne!(a.record_with_seed(), b.record_with_seed());
    }
    assert!(compared > 5_000, "{compared}");
}

#[test]
fn before_a_draw_nothing_tells_what_it_will_be() {
    // Seeds whose next draw differs are indistinguishable before drawing.
    let mut differing = 0;
    for s in 0..100u64 {
        let (mut a, mut b) = (Game::standard(s), Game::standard(s + 1000));
        assert_eq!(public_view(&a), public_view(&b));
        let (ta, tb) = (a.draw().unwrap(), b.draw().unwrap());
        if ta != tb {
            differing += 1;
            assert_eq!(a.position(), b.position());
            assert_eq!(a.phase(), Phase::Levy { troop: ta });
        }
        // Undoing the draw brings back the identical public view.
        a.undo();
        b.undo();
        assert_eq!(public_view(&a), public_view(&b));
    }
    assert!(differing > 50, "{differing}");
}

#[test]
fn batches_with_different_seeds_observe_the_same() {
    let n = 16;
    let (mut a, mut b) = (
        VecGame::new(n, 1, Perspective::Mover),
        VecGame::new(n, 2, Perspective::Mover),
    );
    let mut actions = vec![0u32; n];
    let (mut ra, mut rb) = (vec![0f32; n], vec![0f32; n]);
    let (mut da, mut db) = (vec![0u8; n], vec![0u8; n]);
    let (mut oa, mut ob) = (vec![0u8; n * OBS_LEN], vec![0u8; n * OBS_LEN]);
    let (mut ma, mut mb) = (vec![0u8; n * ACTION_SPACE], vec![0u8; n * ACTION_SPACE]);
    // A game that had to draw (no maneuver left) parts from its twin.
    let mut parted = vec![false; n];
    let mut x = 5u64;
    let mut compared = 0;
    for _ in 0..200 {
        a.write_observations(&mut oa).unwrap();
        b.write_observations(&mut ob).unwrap();
        a.write_masks(&mut ma).unwrap();
        b.write_masks(&mut mb).unwrap();
        for i in (0..n).filter(|&i| !parted[i]) {
            assert_eq!(
                oa[i * OBS_LEN..(i + 1) * OBS_LEN],
                ob[i * OBS_LEN..(i + 1) * OBS_LEN]
            );
            let m = i * ACTION_SPACE..(i + 1) * ACTION_SPACE;
            assert_eq!(ma[m.clone()], mb[m]);
            compared += 1;
        }
        // Any accepted decision but the draw (whose troop is the seed's),
        // when there is one.
        for (i, slot) in actions.iter_mut().enumerate() {
            let mask = &ma[i * ACTION_SPACE..(i + 1) * ACTION_SPACE];
            let choices: Vec<u32> = (0..ACTION_SPACE as u32)
                .filter(|&k| mask[k as usize] == 1)
                .collect();
            let quiet: Vec<u32> = choices
                .iter()
                .copied()
                .filter(|&k| k as usize != DRAW)
                .collect();
            *slot = if quiet.is_empty() {
                parted[i] = true;
                choices[0]
            } else {
                quiet[(xorshift(&mut x) % quiet.len() as u64) as usize]
            };
        }
        // The parted twin needs its own accepted decision.
        let mut actions_b = actions.clone();
        for i in (0..n).filter(|&i| parted[i]) {
            let mask = &mb[i * ACTION_SPACE..(i + 1) * ACTION_SPACE];
            actions_b[i] = (0..ACTION_SPACE as u32)
                .find(|&k| mask[k as usize] == 1)
                .unwrap();
        }
        a.step(&actions, &mut ra, &mut da).unwrap();
        b.step(&actions_b, &mut rb, &mut db).unwrap();
        for i in (0..n).filter(|&i| !parted[i]) {
            assert_eq!((ra[i], da[i]), (rb[i], db[i]));
        }
    }
    assert!(compared > 1_000, "only {compared} observations compared");
}
