//! Games and the AI.

use duke_engine::encode::{action_index, game_decision, write_game_mask, write_game_observation};

use duke_engine::search::{Answer, Request, Searcher};
use duke_engine::Decision;
use duke_engine::{Game as EngineGame, Limit};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::classes::{Action, Position};
use crate::convert::{array, field, object, opt_bool, opt_square, perspective, seed, square};
use crate::errors::{Error, Result};
use crate::outcome::outcome_object;
use crate::position::{chances, mask, observation, svg_text};

/// A number of an options object or argument, as the engine checks it:
/// absent (`undefined` or `null`) is `None`; anything that is not a whole
/// number in the limit's range throws the limit's code.
fn number<T: TryFrom<i128>>(v: &JsValue, limit: Limit) -> Result<Option<T>> {
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    Ok(Some(limit.check_f64(v.as_f64().unwrap_or(f64::NAN))?))
}

/// The AI request of an options object `{ level, depth, nodes, millis,
/// seed }` (or a bare number, the level), on top of `base`.
fn request(base: Request, options: &JsValue) -> Result<Request> {
    if options.as_f64().is_some() {
        return Ok(base.with_level(number::<u8>(options, Limit::Level)?.unwrap_or_default())?);
    }
    if !(options.is_undefined() || options.is_null() || options.is_object()) {
        return Err(Error::Value(
            "the AI's options are an object { level, depth, nodes, millis, seed } or a level number".into(),
        ));
    }
    let mut r = base.with_seed(seed(&field(options, "seed"))?);
    if let Some(n) = number::<u8>(&field(options, "level"), Limit::Level)? {
        r = r.with_level(n)?;
    }
    if let Some(n) = number::<u32>(&field(options, "depth"), Limit::Depth)? {
        r = r.with_depth(n)?;
    }
    if let Some(n) = number::<u64>(&field(options, "nodes"), Limit::Nodes)? {
        r = r.with_nodes(n)?;
    }
    if let Some(n) = number::<u64>(&field(options, "millis"), Limit::Millis)? {
        r = r.with_millis(n)?;
    }
    Ok(r)
}

/// A game: setup, play with undo and redo, the levy as `draw()` then
/// `place(square)`, the result, and the record.
#[wasm_bindgen]
#[derive(Clone)]
pub struct Game {
    inner: EngineGame,
    /// The learned evaluation of this game's AI searches (`setNetwork`).
    network: duke_engine::search::nnue::Evaluation,
    kept: Kept,
}

/// The searcher of a timed decision to levy, kept for the drawn troop's
/// placement, the game's next request ([`Searcher::awaits_placement`]);
/// none otherwise, and a copy of the game starts with none.
#[derive(Default)]
struct Kept(core::cell::RefCell<Option<Searcher>>);

impl Clone for Kept {
    fn clone(&self) -> Kept {
        Kept::default()
    }
}

impl Game {
    /// The engine's answer to `request` for this game, with its
    /// evaluation.
    fn answer(&self, request: Request) -> Result<Answer> {
        let request = request.with_evaluation(self.network.clone());
        Ok(self.searching(|s| s.decide(&self.inner, &request))?)
    }

    /// `f` with this game's kept searcher, or a new one; kept afterwards
    /// only while it awaits the placement of its levy.
    fn searching<T>(&self, f: impl FnOnce(&mut Searcher) -> T) -> T {
        let mut searcher = self.kept.0.take().unwrap_or_default();
        let t = f(&mut searcher);
        if searcher.awaits_placement() {
            self.kept.0.replace(Some(searcher));
        }
        t
    }
}

#[wasm_bindgen]
impl Game {
    /// A new game. With no argument or a seed, the standard start position
    /// (both fixed setups); `setup = true` starts in setup instead, placing
    /// tiles one by one. With an options object `{ seed, setup, rules,
    /// mountain, fort }`: a game under the rules text (`"coup+mountain"`;
    /// absent, the standard game), its whole start (draft, setups, terrain,
    /// Flags) played by the engine's suggestions so that it is ready to
    /// play, or with `setup: true` at its first decision of setup (a pick
    /// under the draft, else a placement). `mountain` and `fort` (a square
    /// index or name) give the terrain's squares instead of drawing them.
    /// `seed` (a number or bigint) drives the bag's draws and the terrain.
    /// Rules text the engine cannot read throws a `DukeError` with code
    /// `rules.text`; terrain the rules cannot take, code `setup`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(
            js_name = options,
            unchecked_optional_param_type = "GameOptions | number | bigint | null"
        )]
        first: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "boolean | null")] setup: JsValue,
    ) -> Result<Game> {
        // A bigint is not an object: only an options object reads fields.
        let options = first.is_object().then_some(&first);
        let setup = opt_bool(&setup, "setup")?;
        if options.is_some() && setup.is_some() {
            return Err(Error::Value(
                "new Game(options) takes setup in its options: { setup: true }".into(),
            ));
        }
        let (s, setup) = match options {
            None => (seed(&first)?, setup.unwrap_or(false)),
            Some(o) => (
                seed(&field(o, "seed"))?,
                opt_bool(&field(o, "setup"), "setup")?.unwrap_or(false),
            ),
        };
        let rules =
            crate::convert::rules(&options.map_or(JsValue::UNDEFINED, |o| field(o, "rules")))?;
        let terrain = |name| options.map_or(Ok(None), |o| opt_square(&field(o, name)));
        let (mountain, fort) = (terrain("mountain")?, terrain("fort")?);
        let inner = if mountain.is_none() && fort.is_none() {
            if setup {
                EngineGame::with_rules(rules, s)
            } else {
                EngineGame::set_up(rules, s)
            }
        } else if setup {
            EngineGame::with_terrain(rules, s, mountain, fort)?
        } else {
            EngineGame::set_up_with_terrain(rules, s, mountain, fort)?
        };
        Ok(Game {
            network: Default::default(),
            kept: Kept::default(),
            inner,
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
            kept: Kept::default(),
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
            kept: Kept::default(),
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

    /// "setup", "play", "levy" (a drawn troop waits) or "over"; under
    /// Expanded Play also "draft" (a kind to pick) and "flags" (a Flag to
    /// place).
    #[wasm_bindgen(getter, unchecked_return_type = "Phase")]
    pub fn phase(&self) -> String {
        self.inner.phase().as_str().into()
    }

    /// The game's rules as text: "standard", "coup+mountain", ...
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.inner.rules().to_string()
    }

    /// The size of this game's action space: the length of `legalMask()`
    /// (`actionSpace(game.rules)`).
    #[wasm_bindgen(getter, js_name = actionSpace)]
    pub fn action_space(&self) -> usize {
        duke_engine::encode::action_space(self.inner.rules())
    }

    /// In setup, the decision the engine suggests (what `Game`'s
    /// constructor plays when a game starts ready): the fixed setup's next
    /// placement, the draft's most valuable kind left, the first square
    /// allowed for a Flag or a Dark Rider tile. Undefined outside setup.
    #[wasm_bindgen(js_name = setupSuggestion)]
    pub fn setup_suggestion(&self) -> Option<Action> {
        self.inner.setup_suggestion().map(Action::of)
    }

    /// The side whose decision it is.
    #[wasm_bindgen(getter, js_name = sideToDecide)]
    pub fn side_to_decide(&self) -> String {
        self.inner.side_to_decide().as_str().into()
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
    /// in setup, the decisions allowed (under Expanded Play the draft's
    /// picks and the Flags' squares too). Choosing one uniformly and
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
                .bag(name.as_str().parse::<duke_engine::Side>()?)
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

    /// The observation planes with the drawn troop, flat (PLANES × 6 × 6
    /// bytes under the standard rules, EXPANDED_PLANES × 6 × 6 under any
    /// other).
    pub fn observation(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Vec<u8>> {
        let p = perspective(persp)?;
        Ok(observation(self.inner.rules(), |buf| {
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
        Ok(mask(self.inner.rules(), |buf| {
            write_game_mask(&self.inner, p, buf)
        }))
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
    /// placement; in setup, the engine's suggestion (`setupSuggestion()`:
    /// the fixed setup's next placement, a pick, a Flag's square). Once the game
    /// is over it throws a `DukeError` with code "phase". With no options
    /// it plays level 3 (`DEFAULT_LEVEL`, the same in every face). Options:
    /// `{ level }` (1–5), limits `{ depth, nodes, millis }`, or both (the
    /// level within those limits); a bare number is the level; anything out
    /// of range throws with the engine's code ("level.range",
    /// "limits.depth", ...). `seed` feeds the deliberate noise of levels 1
    /// and 2 only.
    #[wasm_bindgen(js_name = bestAction)]
    pub fn best_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions | number | undefined")] options: JsValue,
    ) -> Result<Action> {
        Ok(Action {
            inner: self.answer(request(Request::new(), &options)?)?.decision,
        })
    }

    /// The decision of one of the engine's players, named as everywhere:
    /// "random", "greedy", "level1" to "level5" or search limits such as
    /// "depth4" or "nodes20000"; `seed` feeds the random
    /// player and the noise of levels 1 and 2. Throws with code "phase"
    /// in setup (which the players do not play) and once the game is over.
    #[wasm_bindgen(js_name = playerDecision)]
    pub fn player_decision(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] player: JsValue,
        #[wasm_bindgen(js_name = seed, unchecked_param_type = "number | bigint | undefined")]
        seed_value: JsValue,
    ) -> Result<Action> {
        let p: duke_engine::search::Player = crate::convert::text(&player, "player")?.parse()?;
        let s = seed(&seed_value)?;
        let (d, _) = self.searching(|searcher| {
            searcher.set_evaluation(&self.network);
            p.decide(&self.inner, searcher, s)
        })?;
        Ok(Action { inner: d })
    }

    /// The AI's decision with what the search found:
    /// `{ action, levy, score, depth, nodes, pv }`.
    #[wasm_bindgen(js_name = bestDecision, unchecked_return_type = "AiDecision")]
    pub fn best_decision(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions | number | undefined")] options: JsValue,
    ) -> Result<JsValue> {
        let r = self.answer(request(Request::new(), &options)?)?;
        let action: JsValue = Action { inner: r.decision }.into();
        Ok(object(&[
            ("action", action),
            ("levy", (r.decision == Decision::Levy).into()),
            ("score", r.score.into()),
            ("depth", r.depth.into()),
            ("nodes", (r.nodes as f64).into()),
            ("pv", array(r.pv.iter().map(|&d| d.to_string())).into()),
        ]))
    }

    /// The AI's decision as an index of the action space (the draw index to levy).
    #[wasm_bindgen(js_name = bestIndex)]
    pub fn best_index(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AiOptions | number | undefined")] options: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<usize> {
        let p = perspective(persp)?;
        let r = self.answer(request(Request::new(), &options)?)?;
        Ok(action_index(r.decision, self.inner.position(), p))
    }

    /// A hint at a level (default `hintLevel()`, 5: about a second),
    /// without the noise of levels 1 and 2: `{ best, score, depth, pv, top
    /// }`, `top` the `k` (default 3) best decisions of the same search as
    /// `[text, score]`, `best` the first of them; a levy is written "levy".
    /// Throws with code "phase" once the game is over.
    #[wasm_bindgen(unchecked_return_type = "Hint")]
    pub fn hint(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] level: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] k: JsValue,
    ) -> Result<JsValue> {
        let mut r = Request::hint();
        if let Some(n) = number::<u8>(&level, Limit::Level)? {
            r = r.with_level(n)?;
        }
        if let Some(k) = number::<usize>(&k, Limit::Hints)? {
            r = r.with_top(k as u64)?;
        }
        let h = self.answer(r)?;
        let top = h
            .top
            .iter()
            .map(|&(d, s)| JsValue::from(array([JsValue::from(d.to_string()), s.into()])));
        Ok(object(&[
            ("best", h.decision.to_string().into()),
            ("score", h.score.into()),
            ("depth", h.depth.into()),
            ("pv", array(h.pv.iter().map(|&d| d.to_string())).into()),
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
    /// evaluation. The built-in network evaluates only the standard game's
    /// rules: under Expanded Play's others the searches use the hand-tuned
    /// evaluation with the objective's terms (a network given by
    /// `setNetwork` is used under any rules).
    #[wasm_bindgen(js_name = setEvaluation)]
    pub fn set_evaluation(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] name: JsValue,
    ) -> Result<()> {
        // A value that is not a string is refused here, before it reaches
        // the module (wasm-bindgen's string glue would not refuse it).
        let name = crate::convert::text(&name, "the evaluation's name")?;
        self.network = duke_engine::search::nnue::Evaluation::by_name(&name)?;
        Ok(())
    }

    /// A copy of the game, history and bag generator included.
    pub fn copy(&self) -> Game {
        self.clone()
    }
}
