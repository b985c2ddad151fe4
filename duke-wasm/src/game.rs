//! Games and the AI.

use duke_engine::encode::{
    action_index, game_decision, write_game_mask, write_game_observation, Decision,
};
use duke_engine::search::{game_input, Level, Limits, SearchResult, Searcher};
use duke_engine::{Game as EngineGame, Limit, Outcome as EngineOutcome};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::action::Action;
use crate::convert::{array, field, object, perspective, seed, side_name, square};
use crate::errors::{Error, Result};
use crate::position::{chances, mask, observation, svg_text, Position};

/// An outcome as `{ winner, reason, text }` (winner "light", "dark" or
/// null for a draw).
pub fn outcome_object(o: EngineOutcome) -> JsValue {
    object(&[
        (
            "winner",
            o.winner().map_or(JsValue::NULL, |s| side_name(s).into()),
        ),
        ("reason", o.reason_name().into()),
        ("text", o.to_string().into()),
    ])
}

fn decision_text(d: Decision) -> String {
    d.to_string()
}

/// A level from a JavaScript number: 1 to 5, anything else an error.
fn level_number(n: f64) -> Result<Level> {
    Ok(duke_engine::search::level(Limit::Level.check_f64(n)?))
}

/// A limit of an options object: a number in the engine's range, or absent.
fn limit_field<T: TryFrom<i128>>(options: &JsValue, name: &str, limit: Limit) -> Result<Option<T>> {
    let v = field(options, name);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    let n = v
        .as_f64()
        .ok_or_else(|| Error::Value(format!("option \"{name}\" must be a number")))?;
    Ok(Some(limit.check_f64(n)?))
}

/// A game: setup, play with undo and redo, the levy as `draw()` then
/// `place(square)`, the result, and the record.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    inner: EngineGame,
    /// The learned evaluation of this game's AI searches (`setNetwork`).
    network: duke_engine::search::nnue::Evaluation,
}

impl Game {
    /// The level or limits of an options object `{ level, depth, nodes,
    /// millis, seed }`.
    fn level_of(options: &JsValue) -> Result<(Level, u64)> {
        let seed = seed(&field(options, "seed"))?;
        let level = field(options, "level");
        if !level.is_undefined() && !level.is_null() {
            let n = level
                .as_f64()
                .ok_or_else(|| Error::Value("option \"level\" must be a number".into()))?;
            return Ok((level_number(n)?, seed));
        }
        let depth = limit_field(options, "depth", Limit::Depth)?;
        let nodes = limit_field(options, "nodes", Limit::Nodes)?;
        let millis = limit_field(options, "millis", Limit::Millis)?;
        if depth.is_none() && nodes.is_none() && millis.is_none() {
            // No level and no limit: the default level of every face.
            return Ok((Level::default(), seed));
        }
        Ok((
            Level::from_limits(Limits {
                depth,
                nodes,
                millis,
            }),
            seed,
        ))
    }

    fn decide(&self, options: &JsValue) -> Result<SearchResult> {
        let (lvl, seed) = Game::level_of(options)?;
        if let Some(a) = self.inner.setup_suggestion() {
            return Ok(SearchResult {
                decision: Decision::Act(a),
                score: 0,
                pv: vec![Decision::Act(a)],
                depth: 0,
                nodes: 0,
            });
        }
        let (pos, drawn, history) = self.search_input()?;
        Ok(self
            .searcher()
            .play_level(&pos, drawn, &history, &lvl, seed))
    }

    /// A searcher with this game's network.
    fn searcher(&self) -> Searcher {
        let mut s = Searcher::new();
        s.set_evaluation(&self.network);
        s
    }

    fn search_input(
        &self,
    ) -> Result<(duke_engine::Position, Option<duke_engine::Troop>, Vec<u64>)> {
        game_input(&self.inner).ok_or_else(|| {
            Error::Value(format!(
                "the AI decides only in play ({})",
                self.inner.phase()
            ))
        })
    }
}

#[wasm_bindgen]
impl Game {
    /// A game from the standard start position (both fixed setups); pass
    /// `setup = true` to start in setup instead, placing tiles one by one.
    /// `seed` (a number or bigint) drives the bag's draws.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = seed, unchecked_param_type = "number | bigint | undefined")]
        seed_value: JsValue,
        setup: Option<bool>,
    ) -> Result<Game> {
        let s = seed(&seed_value)?;
        Ok(Game {
            network: Default::default(),
            inner: if setup.unwrap_or(false) {
                EngineGame::new(s)
            } else {
                EngineGame::standard(s)
            },
        })
    }

    /// A game that starts in a position (no setup).
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(
        position: &Position,
        #[wasm_bindgen(js_name = seed, unchecked_param_type = "number | bigint | undefined")]
        seed_value: JsValue,
    ) -> Result<Game> {
        Ok(Game {
            network: Default::default(),
            inner: EngineGame::from_position(position.inner, seed(&seed_value)?),
        })
    }

    /// Reads a record; `seed` (if given) is used for later draws instead of
    /// the record's own.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(js_name = seed, unchecked_param_type = "number | bigint | undefined")]
        seed_value: JsValue,
    ) -> Result<Game> {
        let text = crate::convert::text(&text, "text")?;
        let text = text.as_str();
        Ok(Game {
            network: Default::default(),
            inner: if seed_value.is_undefined() || seed_value.is_null() {
                EngineGame::from_record(text)?
            } else {
                EngineGame::from_record_with_seed(text, seed(&seed_value)?)?
            },
        })
    }

    /// The record text; with `withSeed` it also carries the seed, so that
    /// a game read from it draws the same troops.
    pub fn record(&self, #[wasm_bindgen(js_name = withSeed)] with_seed: Option<bool>) -> String {
        if with_seed.unwrap_or(false) {
            self.inner.record_with_seed()
        } else {
            self.inner.record()
        }
    }

    /// The current position.
    #[wasm_bindgen(getter)]
    pub fn position(&self) -> Position {
        Position {
            inner: *self.inner.position(),
        }
    }

    /// "setup", "play", "levy" (a drawn troop waits) or "over".
    #[wasm_bindgen(getter)]
    pub fn phase(&self) -> String {
        self.inner.phase().as_str().into()
    }

    /// The side whose decision it is.
    #[wasm_bindgen(getter, js_name = sideToDecide)]
    pub fn side_to_decide(&self) -> String {
        side_name(self.inner.side_to_decide()).into()
    }

    /// The drawn troop's letter while it waits to be placed, else undefined.
    #[wasm_bindgen(getter, js_name = pendingDraw)]
    pub fn pending_draw(&self) -> Option<String> {
        self.inner.pending_draw().map(|t| t.char().to_string())
    }

    /// The result once the game is over (`{ winner, reason, text }`), else undefined.
    #[wasm_bindgen(getter, unchecked_return_type = "Outcome | undefined")]
    pub fn outcome(&self) -> JsValue {
        self.inner
            .outcome()
            .map_or(JsValue::UNDEFINED, outcome_object)
    }

    /// The decisions the game offers now: in play, the levy
    /// (`new Action("levy")`, kind "levy") first while a levy is possible,
    /// then every maneuver; after the levy, the drawn troop's placements;
    /// in setup, the placements allowed. Choosing one uniformly and
    /// playing it plays by the rules: the bag decides a levied troop.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<Action> {
        self.inner
            .decisions()
            .map(|d| Action { inner: d })
            .collect()
    }

    /// Whether `play` accepts an action (Action or text, `levy` included) now.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Action | string")] action: JsValue,
    ) -> Result<bool> {
        Ok(self.inner.is_decision_legal(Action::decision_arg(&action)?))
    }

    /// Plays a decision (Action or text) and returns it as played: a
    /// maneuver; `levy` (the bag draws the troop; its placement is the
    /// next decision); the drawn troop's placement; a setup placement. A
    /// whole levy (`P@C2`) in play is refused (code "levy.bag"): use
    /// `playLevy` for a troop that comes from outside. Throws, changing
    /// nothing, when it is illegal or out of phase.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action | string")] action: JsValue,
    ) -> Result<Action> {
        let d = Action::decision_arg(&action)?;
        self.inner.apply(d)?;
        Ok(match d {
            Decision::Levy => Action { inner: d },
            Decision::Act(a) => Action::of(self.inner.actions().next_back().unwrap_or(a)),
        })
    }

    /// Plays a whole levy (`P@C2`) whose troop came from outside the
    /// game's bag: a record, a physical game, a server. Other actions play
    /// as with `play`. Throws, changing nothing, when it is illegal.
    #[wasm_bindgen(js_name = playLevy)]
    pub fn play_levy(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Action | string")] action: JsValue,
    ) -> Result<()> {
        let a = Action::from_arg(&action)?;
        Ok(self.inner.play_levy(a)?)
    }

    /// Places the fixed setup of the side setting up.
    #[wasm_bindgen(js_name = setupFixed)]
    pub fn setup_fixed(&mut self) -> Result<()> {
        Ok(self.inner.setup_fixed()?)
    }

    /// Draws a tile for a levy; returns the troop letter. Place it next.
    pub fn draw(&mut self) -> Result<String> {
        Ok(self.inner.draw()?.char().to_string())
    }

    /// Places the drawn troop on a square next to the Duke.
    pub fn place(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] sq: JsValue,
    ) -> Result<()> {
        let s = square(&sq)?;
        Ok(self.inner.place(s)?)
    }

    /// What a side's bag holds now, as `[{ troop, count, total,
    /// probability }]`: a troop drawn and waiting to be placed is out of
    /// it. The bags are public: either side's may be shown at any time.
    #[wasm_bindgen(js_name = bagChances, unchecked_return_type = "LevyChance[]")]
    pub fn bag_chances(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<Array> {
        let name = crate::convert::text(&side_name, "side name")?;
        Ok(chances(
            self.inner
                .bag(crate::convert::side(name.as_str())?)
                .chances(),
        ))
    }

    /// The possible draws now as `[{ troop, count, total, probability }]`.
    #[wasm_bindgen(js_name = levyChances, unchecked_return_type = "LevyChance[]")]
    pub fn levy_chances(&self) -> Array {
        chances(self.inner.levy_chances())
    }

    /// Takes back the last action (or a waiting draw); false when there is nothing.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// Plays again the last action taken back; undefined when there is none.
    pub fn redo(&mut self) -> Option<Action> {
        self.inner.redo().map(Action::of)
    }

    /// How many actions `redo` can play again.
    #[wasm_bindgen(getter, js_name = redoLength)]
    pub fn redo_length(&self) -> usize {
        self.inner.redo_len()
    }

    /// Every action so far, setup placements first.
    pub fn actions(&self) -> Vec<Action> {
        self.inner.actions().map(Action::of).collect()
    }

    /// The turns played since setup.
    pub fn turns(&self) -> Vec<Action> {
        self.inner.turns().map(Action::of).collect()
    }

    /// How many times the current position has occurred since play began.
    pub fn repetitions(&self) -> u32 {
        self.inner.repetitions()
    }

    /// perft of the current position (SPEC §9).
    pub fn perft(&self, depth: f64) -> Result<f64> {
        let depth: u32 = Limit::PerftDepth.check_f64(depth)?;
        Ok(duke_engine::perft(self.inner.position(), depth) as f64)
    }

    /// The observation planes with the drawn troop, flat (PLANES × 6 × 6 bytes).
    pub fn observation(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Vec<u8>> {
        let p = perspective(persp)?;
        Ok(observation(|buf| {
            write_game_observation(&self.inner, p, buf)
        }))
    }

    /// The decisions the game accepts now as a 0/1 mask over the action
    /// space: actions and the draw index in play, the drawn troop's
    /// placements after a draw.
    #[wasm_bindgen(js_name = legalMask)]
    pub fn legal_mask(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Vec<u8>> {
        let p = perspective(persp)?;
        Ok(mask(|buf| write_game_mask(&self.inner, p, buf)))
    }

    /// The indices of the decisions the game accepts now, in the engine's
    /// order (the same as `legalActions()`, Python's `legal_indices()` and
    /// C's `duke_game_legal_indices`): in play the draw index first when a
    /// levy is possible.
    #[wasm_bindgen(js_name = legalIndices)]
    pub fn legal_indices(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Vec<u32>> {
        let p = perspective(persp)?;
        let mut out = Vec::with_capacity(duke_engine::MAX_ACTIONS + 1);
        duke_engine::encode::game_indices(&self.inner, p, |i| out.push(i as u32));
        Ok(out)
    }

    /// Applies the decision at an index of the action space; returns the
    /// drawn troop's letter for the draw index, else undefined.
    #[wasm_bindgen(js_name = applyIndex)]
    pub fn apply_index(
        &mut self,
        index: f64,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Option<String>> {
        let p = perspective(persp)?;
        let index = crate::convert::whole(index, "action index", u64::from(u32::MAX))? as usize;
        let d = game_decision(&self.inner, index, p).ok_or_else(|| {
            Error::Value(format!("action index {index} is not a legal decision now"))
        })?;
        let drawn = self.inner.apply(d)?;
        Ok(match d {
            Decision::Levy => drawn.map(|t| t.char().to_string()),
            Decision::Act(_) => None,
        })
    }

    /// The AI's decision, an Action to give to `play`: a maneuver, the
    /// levy (kind "levy": play it, then ask again for the square), a
    /// placement; in setup, the fixed setup's next placement. `undefined`
    /// only once the game is over. With no options it plays level 3
    /// (`DEFAULT_LEVEL`, the same in every face). Options: `{ level }`
    /// (1–5; anything else throws, code "level.range") or limits
    /// `{ depth, nodes, millis }`; `seed` feeds the deliberate noise of
    /// levels 1 and 2 only.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions | undefined")] options: JsValue,
    ) -> Result<Option<Action>> {
        if self.inner.outcome().is_some() {
            return Ok(None);
        }
        Ok(Some(Action {
            inner: self.decide(&options)?.decision,
        }))
    }

    /// The decision of one of the engine's players, named as everywhere:
    /// "random", "greedy", "level1" to "level5" or search limits such as
    /// "depth4" or "nodes20000"; `seed` feeds the random
    /// player and the noise of levels 1 and 2. `undefined` once the game
    /// is over (and in setup, which the players do not play).
    #[wasm_bindgen(js_name = playerDecision)]
    pub fn player_decision(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] player: JsValue,
        #[wasm_bindgen(js_name = seed, unchecked_param_type = "number | bigint | undefined")]
        seed_value: JsValue,
    ) -> Result<Option<Action>> {
        let p: duke_engine::search::Player = crate::convert::text(&player, "player")?
            .parse()
            .map_err(|e: duke_engine::search::ParsePlayerError| Error::Value(e.to_string()))?;
        let s = seed(&seed_value)?;
        Ok(p.decide(&self.inner, &mut self.searcher(), s)
            .map(|(d, _)| Action { inner: d }))
    }

    /// The AI's decision with what the search found:
    /// `{ action, levy, score, depth, nodes, pv }`.
    #[wasm_bindgen(js_name = bestDecision, unchecked_return_type = "AiDecision")]
    pub fn best_decision(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions | undefined")] options: JsValue,
    ) -> Result<JsValue> {
        let r = self.decide(&options)?;
        let action: JsValue = Action { inner: r.decision }.into();
        Ok(object(&[
            ("action", action),
            ("levy", (r.decision == Decision::Levy).into()),
            ("score", r.score.into()),
            ("depth", r.depth.into()),
            ("nodes", (r.nodes as f64).into()),
            ("pv", array(r.pv.iter().map(|&d| decision_text(d))).into()),
        ]))
    }

    /// The AI's decision as an index of the action space (the draw index to levy).
    #[wasm_bindgen(js_name = bestIndex)]
    pub fn best_index(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions | undefined")] options: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<usize> {
        let p = perspective(persp)?;
        let r = self.decide(&options)?;
        Ok(action_index(r.decision, self.inner.position(), p))
    }

    /// A hint at a level (default `hintLevel()`, 5: about a second):
    /// `{ best, score, depth, pv, top }`,
    /// `top` the `k` (default 3) best decisions as `[text, score]`; a levy
    /// is written "levy".
    #[wasm_bindgen(unchecked_return_type = "Hint")]
    pub fn hint(&self, level: Option<f64>, k: Option<f64>) -> Result<JsValue> {
        let lvl = level_number(level.unwrap_or(f64::from(duke_engine::search::HINT_LEVEL)))?;
        let k: usize = Limit::Hints.check_f64(k.unwrap_or(3.0))?;
        let (pos, drawn, history) = self.search_input()?;
        let h = self.searcher().hint(&pos, drawn, &history, &lvl, k);
        let top = h
            .top
            .iter()
            .map(|&(d, s)| JsValue::from(array([JsValue::from(decision_text(d)), s.into()])));
        Ok(object(&[
            ("best", decision_text(h.best.decision).into()),
            ("score", h.best.score.into()),
            ("depth", h.best.depth.into()),
            (
                "pv",
                array(h.best.pv.iter().map(|&d| decision_text(d))).into(),
            ),
            ("top", array(top).into()),
        ]))
    }

    /// An SVG drawing of the current position, the last action marked.
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "(number | string)[] | undefined")]
        highlights: JsValue,
        #[wasm_bindgen(js_name = fromDark)] from_dark: Option<bool>,
        size: Option<f64>,
    ) -> Result<String> {
        let last = self.inner.turns().next_back();
        svg_text(
            self.inner.position(),
            &highlights,
            last,
            from_dark.unwrap_or(false),
            size,
        )
    }

    /// Makes this game's AI searches (`bestAction`, `bestDecision`,
    /// `hint`, `playerDecision`) evaluate with a learned network: the bytes
    /// of a weights file that `python -m duke.train` writes. `null` selects
    /// the hand-tuned evaluation. A game starts with the built-in network
    /// (`setEvaluation("builtin")`). A file the engine cannot read throws
    /// a `DukeError` with code `nnue.file`, and the game keeps its
    /// evaluation.
    #[wasm_bindgen(js_name = setNetwork)]
    pub fn set_network(&mut self, data: Option<Vec<u8>>) -> Result<()> {
        self.network = match data {
            None => duke_engine::search::nnue::Evaluation::HandTuned,
            Some(bytes) => duke_engine::search::nnue::Evaluation::Network(std::sync::Arc::new(
                duke_engine::search::nnue::Network::from_bytes(&bytes)?,
            )),
        };
        Ok(())
    }

    /// Selects this game's AI evaluation by name: `"builtin"`, the
    /// built-in network (a game's default), or `"hand-tuned"`. Another name
    /// throws a `DukeError` with code `nnue.name`, and the game keeps its
    /// evaluation.
    #[wasm_bindgen(js_name = setEvaluation)]
    pub fn set_evaluation(&mut self, name: &str) -> Result<()> {
        self.network = duke_engine::search::nnue::Evaluation::by_name(name)?;
        Ok(())
    }

    /// A copy of the game, history and bag generator included.
    pub fn copy(&self) -> Game {
        self.clone()
    }
}
