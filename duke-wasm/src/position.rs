//! Positions.

use duke_engine::encode::{write_legal_mask, write_observation};
use duke_engine::render::{svg, text_board, SvgFlags, SvgOptions};
use duke_engine::{divide, perft, Bitboard, Position as EnginePosition};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::action::actions;
use crate::classes::{Action, Position};
use crate::convert::{array, object, perspective, square, squares};
use crate::errors::Result;
use crate::outcome::outcome_object;
use crate::tile::Tile;

/// Options of an SVG drawing.
pub fn svg_text(
    pos: &EnginePosition,
    highlights: &JsValue,
    last: Option<duke_engine::Action>,
    from_dark: bool,
    size: Option<f64>,
) -> Result<String> {
    let mut hl = Bitboard::EMPTY;
    if let Some(list) = highlights.dyn_ref::<Array>() {
        for sq in list.iter() {
            hl |= square(&sq)?;
        }
    }
    Ok(svg(
        pos,
        &SvgOptions {
            square: match size {
                Some(n) => duke_engine::Limit::SvgSquare.check_f64(n)?,
                None => SvgOptions::default().square,
            },
            highlights: hl,
            forbidden: Bitboard::EMPTY,
            last_action: last,
            flags: if from_dark {
                SvgOptions::default().flags | SvgFlags::FROM_DARK
            } else {
                SvgOptions::default().flags
            },
        },
    ))
}

pub fn chances(list: impl Iterator<Item = duke_engine::Chance>) -> Array {
    list.map(|c| {
        object(&[
            ("troop", c.troop.char().to_string().into()),
            ("count", c.count.into()),
            ("total", c.total.into()),
            ("probability", c.probability().into()),
        ])
    })
    .collect()
}

pub fn mask(rules: duke_engine::Rules, fill: impl FnOnce(&mut [u8])) -> Vec<u8> {
    let mut buf = vec![0u8; duke_engine::encode::action_space(rules)];
    fill(&mut buf);
    buf
}

/// An observation under `rules`: `observation_len(rules)` bytes.
pub fn observation(rules: duke_engine::Rules, fill: impl FnOnce(&mut [u8])) -> Vec<u8> {
    let mut buf = vec![0u8; duke_engine::encode::observation_len(rules)];
    fill(&mut buf);
    buf
}

#[wasm_bindgen]
impl Position {
    /// A position from DPN (five fields for the standard game, a sixth,
    /// the state, under Expanded Play's rules), or the standard start
    /// position.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] dpn: JsValue,
    ) -> Result<Position> {
        Ok(Position {
            inner: match crate::convert::opt_text(&dpn, "DPN")? {
                Some(text) => text.parse()?,
                None => EnginePosition::standard(),
            },
        })
    }

    /// The standard start position.
    pub fn standard() -> Position {
        Position {
            inner: EnginePosition::standard(),
        }
    }

    /// The DPN text.
    pub fn dpn(&self) -> String {
        self.inner.to_string()
    }

    /// The DPN text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The tile on a square (index or name), or undefined.
    #[wasm_bindgen(js_name = tileAt)]
    pub fn tile_at(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] sq: JsValue,
    ) -> Result<Option<Tile>> {
        Ok(self.inner.tile_at(square(&sq)?).map(|t| Tile { inner: t }))
    }

    /// "light" or "dark".
    #[wasm_bindgen(getter, js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.inner.side_to_move().as_str().into()
    }

    /// A side's bag as `{ letter: count }`.
    #[wasm_bindgen(unchecked_return_type = "Record<string, number>")]
    pub fn bag(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<JsValue> {
        let side_name = crate::convert::text(&side_name, "side name")?;
        let side_name = side_name.as_str();
        let fields: Vec<(String, JsValue)> = self
            .inner
            .bag(side_name.parse::<duke_engine::Side>()?)
            .iter()
            .map(|(t, n)| (t.char().to_string(), JsValue::from(n)))
            .collect();
        let refs: Vec<(&str, JsValue)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        Ok(object(&refs))
    }

    /// Turns since the last capture or levy.
    #[wasm_bindgen(getter)]
    pub fn quiet(&self) -> u32 {
        self.inner.quiet()
    }

    /// Turns played since the game started.
    #[wasm_bindgen(getter)]
    pub fn turn(&self) -> u32 {
        self.inner.turn()
    }

    /// The Zobrist key (board, bags, side to move).
    #[wasm_bindgen(getter)]
    pub fn key(&self) -> u64 {
        self.inner.key()
    }

    /// The square of a side's Duke, undefined once captured.
    pub fn duke(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<Option<u8>> {
        let side_name = crate::convert::text(&side_name, "side name")?;
        let side_name = side_name.as_str();
        Ok(self
            .inner
            .duke(side_name.parse::<duke_engine::Side>()?)
            .map(|s| s.index() as u8))
    }

    /// The rules of the game the position belongs to, as text:
    /// "standard", "coup+mountain", ... (DPN's sixth field begins with it).
    #[wasm_bindgen(getter)]
    pub fn rules(&self) -> String {
        self.inner.rules().to_string()
    }

    /// The Mountain's square, under rules with the Mountain once it is
    /// placed; else undefined.
    #[wasm_bindgen(getter)]
    pub fn mountain(&self) -> Option<u8> {
        self.inner.mountain().map(|s| s.index() as u8)
    }

    /// The Fort's square, under rules with the Fort once it is placed;
    /// else undefined.
    #[wasm_bindgen(getter)]
    pub fn fort(&self) -> Option<u8> {
        self.inner.fort().map(|s| s.index() as u8)
    }

    /// The square of a side's Flag (the one that side keeps from the
    /// opponent) under Counting Coup and Other Objective once it is
    /// placed; else undefined.
    pub fn flag(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<Option<u8>> {
        Ok(self
            .inner
            .flag(crate::convert::side(&side_name)?)
            .map(|s| s.index() as u8))
    }

    /// A side's points in Counting Coup (0 to 3: three win); 0 under the
    /// other rules.
    pub fn score(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<u32> {
        Ok(self.inner.score(crate::convert::side(&side_name)?))
    }

    /// Whether the side to move may first relocate its Flag (`flag@A4`),
    /// in Counting Coup after a point scored against it.
    #[wasm_bindgen(getter, js_name = relocationPending)]
    pub fn relocation_pending(&self) -> bool {
        self.inner.relocation_pending()
    }

    /// Every legal action; a levy once per (troop kind, square) as SPEC §9 counts.
    #[wasm_bindgen(js_name = legalActions)]
    pub fn legal_actions(&self) -> Vec<Action> {
        actions(&self.inner.legal_actions())
    }

    /// Whether an action (Action or text) is legal.
    #[wasm_bindgen(js_name = isLegal)]
    pub fn is_legal(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Action | string")] action: JsValue,
    ) -> Result<bool> {
        Ok(self.inner.is_legal(Action::from_arg(&action)?))
    }

    /// Reads action text and checks it here; throws with the reason when illegal.
    #[wasm_bindgen(js_name = parseAction)]
    pub fn parse_action(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Action> {
        let text = crate::convert::text(&text, "text")?;
        let text = text.as_str();
        Ok(Action::of(self.inner.parse_action(text)?))
    }

    /// The position after a legal action (Action or text).
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Action | string")] action: JsValue,
    ) -> Result<Position> {
        let a = Action::from_arg(&action)?;
        Ok(Position {
            inner: self.inner.play(a)?,
        })
    }

    /// perft (SPEC §9): the leaves of the legal-action tree at a depth.
    pub fn perft(&self, depth: f64) -> Result<f64> {
        let depth: u32 = duke_engine::Limit::PerftDepth.check_f64(depth)?;
        Ok(perft(&self.inner, depth) as f64)
    }

    /// Each legal action's text with the perft of its child at depth - 1.
    #[wasm_bindgen(unchecked_return_type = "[string, number][]")]
    pub fn divide(&self, depth: f64) -> Result<Array> {
        let depth: u32 = duke_engine::Limit::PerftDepth.check_f64(depth)?;
        Ok(divide(&self.inner, depth)
            .map(|(a, n)| JsValue::from(array([JsValue::from(a.to_string()), (n as f64).into()])))
            .collect::<Array>())
    }

    /// The result by the rules that need no history, or undefined.
    #[wasm_bindgen(unchecked_return_type = "Outcome | undefined")]
    pub fn outcome(&self) -> JsValue {
        self.inner
            .outcome()
            .map_or(JsValue::UNDEFINED, outcome_object)
    }

    /// The possible levy draws as `[{ troop, count, total, probability }]`.
    #[wasm_bindgen(js_name = levyChances, unchecked_return_type = "LevyChance[]")]
    pub fn levy_chances(&self) -> Array {
        chances(self.inner.levy_chances())
    }

    /// What a side's bag holds, as `[{ troop, count, total, probability }]`
    /// (the chance of each troop on that side's next draw). The bags are
    /// public: either side's may be shown at any time.
    #[wasm_bindgen(js_name = bagChances, unchecked_return_type = "LevyChance[]")]
    pub fn bag_chances(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<Array> {
        let name = crate::convert::text(&side_name, "side name")?;
        Ok(chances(
            self.inner.bag(name.parse::<duke_engine::Side>()?).chances(),
        ))
    }

    /// Why the side to move's tile on a square cannot act, as `{ reason,
    /// by, because, text }` (`because` the reason alone, `text` the
    /// sentence with the tile); undefined when it can act or is not the
    /// mover's.
    #[wasm_bindgen(js_name = whyIdle, unchecked_return_type = "Idle | undefined")]
    pub fn why_idle(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] sq: JsValue,
    ) -> Result<JsValue> {
        Ok(match self.inner.why_idle(square(&sq)?) {
            None => JsValue::UNDEFINED,
            Some(idle) => object(&[
                ("reason", idle.reason().as_str().into()),
                (
                    "by",
                    idle.reason()
                        .by()
                        .into_iter()
                        .map(|s| JsValue::from(s.index()))
                        .collect::<Array>()
                        .into(),
                ),
                ("because", idle.reason_text().to_string().into()),
                ("text", idle.to_string().into()),
            ]),
        })
    }

    /// The legal actions of the tile on a square, each with the mark it
    /// uses: `[{ action, to, mark }]`. An action that uses no mark is not
    /// listed: under Other Objective, a carrier's Flag pass (`legalActions`
    /// lists it).
    #[wasm_bindgen(unchecked_return_type = "Target[]")]
    pub fn targets(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number | string")] sq: JsValue,
    ) -> Result<Array> {
        let s = square(&sq)?;
        Ok(self
            .inner
            .targets(s)
            .map(|(a, mark)| {
                object(&[
                    ("action", Action::of(a).into()),
                    ("to", (a.target().index() as u8).into()),
                    ("mark", mark.as_str().into()),
                ])
            })
            .collect())
    }

    /// Dark Rider's frozen Pikemen: the squares of Light's Pikemen on rank
    /// 6, which take no action and cannot be captured (none under other
    /// rules).
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn frozen(&self) -> Array {
        squares(self.inner.frozen())
    }

    /// The squares the mover's Duke reaches by its chart but may not enter,
    /// each with the squares of the enemy tiles that would capture it
    /// there: `[{ square, by }]`.
    #[wasm_bindgen(js_name = dukeDangers, unchecked_return_type = "DukeDanger[]")]
    pub fn duke_dangers(&self) -> Array {
        self.inner
            .duke_dangers()
            .map(|(sq, by)| {
                object(&[
                    ("square", (sq.index() as u8).into()),
                    ("by", JsValue::from(squares(by))),
                ])
            })
            .collect()
    }

    /// Every square on which a side could capture an enemy tile.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn attacks(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<Array> {
        let side_name = crate::convert::text(&side_name, "side name")?;
        let side_name = side_name.as_str();
        Ok(squares(
            self.inner.attacks(side_name.parse::<duke_engine::Side>()?),
        ))
    }

    /// The squares of a side's tiles that could capture on a square.
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn attackers(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | string")] sq: JsValue,
    ) -> Result<Array> {
        let side_name = crate::convert::text(&side_name, "side name")?;
        let side_name = side_name.as_str();
        Ok(squares(self.inner.attackers(
            side_name.parse::<duke_engine::Side>()?,
            square(&sq)?,
        )))
    }

    /// Whether a side's Duke could be captured now (it is in Guard when
    /// that side is to move).
    #[wasm_bindgen(js_name = isDukeAttacked)]
    pub fn is_duke_attacked(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] side_name: JsValue,
    ) -> Result<bool> {
        let side_name = crate::convert::text(&side_name, "side name")?;
        let side_name = side_name.as_str();
        Ok(self
            .inner
            .is_duke_attacked(side_name.parse::<duke_engine::Side>()?))
    }

    /// The observation planes, flat (PLANES × 6 × 6 bytes under the
    /// standard rules, EXPANDED_PLANES × 6 × 6 under any other).
    pub fn observation(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Vec<u8>> {
        let p = perspective(persp)?;
        Ok(observation(self.inner.rules(), |buf| {
            write_observation(&self.inner, p, buf)
        }))
    }

    /// The legal actions as a 0/1 mask over the action space.
    #[wasm_bindgen(js_name = legalMask)]
    pub fn legal_mask(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "string | null")] persp: JsValue,
    ) -> Result<Vec<u8>> {
        let p = perspective(persp)?;
        Ok(mask(self.inner.rules(), |buf| {
            write_legal_mask(&self.inner, p, buf)
        }))
    }

    /// An SVG drawing: every tile with its current chart, Dark's turned
    /// 180°; `highlights` are squares (indices or names).
    pub fn svg(
        &self,
        #[wasm_bindgen(unchecked_param_type = "(number | string)[] | undefined")]
        highlights: JsValue,
        #[wasm_bindgen(js_name = lastAction, unchecked_param_type = "Action | string | undefined")]
        last_action: JsValue,
        #[wasm_bindgen(js_name = fromDark)] from_dark: Option<bool>,
        size: Option<f64>,
    ) -> Result<String> {
        let last = if last_action.is_undefined() || last_action.is_null() {
            None
        } else {
            Some(Action::from_arg(&last_action)?)
        };
        svg_text(
            &self.inner,
            &highlights,
            last,
            from_dark.unwrap_or(false),
            size,
        )
    }

    /// The board as text (Unicode), rank 6 on top.
    #[wasm_bindgen(js_name = boardText)]
    pub fn board_text(
        &self,
        #[wasm_bindgen(js_name = fromDark)] from_dark: Option<bool>,
    ) -> String {
        text_board(&self.inner, from_dark.unwrap_or(false))
    }

    /// The same position mirrored left-right.
    pub fn mirrored(&self) -> Position {
        Position {
            inner: self.inner.mirrored(),
        }
    }

    /// The same position with colours swapped.
    #[wasm_bindgen(js_name = colourSwapped)]
    pub fn colour_swapped(&self) -> Position {
        Position {
            inner: self.inner.colour_swapped(),
        }
    }

    /// The compact binary form.
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.inner.to_bytes().to_vec()
    }

    /// Reads `toBytes`.
    #[wasm_bindgen(js_name = fromBytes)]
    pub fn from_bytes(data: &[u8]) -> Result<Position> {
        Ok(Position {
            inner: EnginePosition::from_bytes(data)?,
        })
    }

    /// Whether two positions are equal (board, bags, side, counters, and
    /// under Expanded Play the rules, terrain, Flags and points).
    pub fn equals(&self, other: &Position) -> bool {
        self.inner == other.inner
    }
}
