//! Tiles and their charts.

use duke_engine::{chart, Face, Tile as EngineTile, Troop};
use wasm_bindgen::prelude::*;

use crate::convert::{face, object};
use crate::errors::Result;

/// A tile: troop, owner and the face that is up.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub struct Tile {
    pub(crate) inner: EngineTile,
}

/// A chart as an array of `{ mark, dx, dy }` in the owner's view (dy > 0
/// forward); slides give unit directions.
pub fn chart_data(troop: Troop, face: Face) -> js_sys::Array {
    chart(troop, face)
        .iter()
        .map(|m| {
            object(&[
                ("mark", m.mark.as_str().into()),
                ("dx", m.dx.into()),
                ("dy", m.dy.into()),
            ])
        })
        .collect()
}

#[wasm_bindgen]
impl Tile {
    /// The troop's name, e.g. "Pikeman".
    #[wasm_bindgen(getter)]
    pub fn troop(&self) -> String {
        self.inner.troop.name().into()
    }

    /// The troop's letter as DPN writes it (uppercase Light, lowercase Dark).
    #[wasm_bindgen(getter)]
    pub fn letter(&self) -> String {
        self.inner.char().to_string()
    }

    /// "light" or "dark".
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> String {
        self.inner.side.as_str().into()
    }

    /// "starting" or "flipped".
    #[wasm_bindgen(getter)]
    pub fn face(&self) -> String {
        self.inner.face.as_str().into()
    }

    /// The chart of the face that is up.
    #[wasm_bindgen(unchecked_return_type = "ChartMark[]")]
    pub fn chart(&self) -> js_sys::Array {
        chart_data(self.inner.troop, self.inner.face)
    }

    /// The chart of the face it flips to after it acts.
    #[wasm_bindgen(js_name = flipsTo, unchecked_return_type = "ChartMark[]")]
    pub fn flips_to(&self) -> js_sys::Array {
        chart_data(self.inner.troop, self.inner.face.flip())
    }

    /// The tile as DPN writes it (e.g. "+P" for a flipped Light Pikeman).
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}

/// The chart of a troop's face (`troop` a letter or a name, `face`
/// "starting" or "flipped").
#[wasm_bindgen(js_name = troopChart, unchecked_return_type = "ChartMark[]")]
pub fn troop_chart(
    #[wasm_bindgen(unchecked_param_type = "string")] troop_name: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string | null")] face_text: JsValue,
) -> Result<js_sys::Array> {
    let troop_name = crate::convert::text(&troop_name, "troop name")?;
    let troop_name = troop_name.as_str();
    Ok(chart_data(
        troop_name.parse::<duke_engine::Troop>()?,
        face(face_text)?,
    ))
}

/// The name of a troop from its letter or name, e.g. "p" -> "Pikeman".
#[wasm_bindgen(js_name = troopName)]
pub fn troop_name(
    #[wasm_bindgen(unchecked_param_type = "string")] troop_text: JsValue,
) -> Result<String> {
    let troop_text = crate::convert::text(&troop_text, "troop text")?;
    let troop_text = troop_text.as_str();
    Ok(troop_text.parse::<duke_engine::Troop>()?.name().into())
}

/// The name of a troop with its indefinite article, as a sentence names
/// one tile: "p" -> "a Pikeman", "Assassin" -> "an Assassin".
#[wasm_bindgen(js_name = troopWithArticle)]
pub fn troop_with_article(
    #[wasm_bindgen(unchecked_param_type = "string")] troop_text: JsValue,
) -> Result<String> {
    let troop_text = crate::convert::text(&troop_text, "troop text")?;
    Ok(troop_text
        .as_str()
        .parse::<duke_engine::Troop>()?
        .with_article()
        .into())
}

/// A tile drawn by the engine as an SVG document of `size` pixels (default
/// 100), as the book and the renderer draw it: `troop` a letter or name,
/// `side` "light" or "dark", `face` "starting" or "flipped"; `fromDark`
/// turns the picture for a viewer on Dark's side.
#[wasm_bindgen(js_name = tileSvg)]
pub fn tile_svg(
    #[wasm_bindgen(unchecked_param_type = "string")] troop_text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] side_text: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string")] face_text: JsValue,
    #[wasm_bindgen(js_name = fromDark)] from_dark: Option<bool>,
    size: Option<f64>,
) -> Result<String> {
    let t = crate::convert::text(&troop_text, "troop")?.parse::<duke_engine::Troop>()?;
    let s = crate::convert::text(&side_text, "side")?.parse::<duke_engine::Side>()?;
    let f = face(face_text)?;
    let px = crate::convert::whole(size.unwrap_or(100.0), "size", 4096)? as u32;
    Ok(duke_engine::render::tile_svg(
        EngineTile::new(t, s, f),
        from_dark.unwrap_or(false),
        px,
    ))
}

/// A mark's symbol drawn by the engine as a small SVG document (`mark` a
/// word such as "jump_slide"; `size` pixels, default 20): for legends.
#[wasm_bindgen(js_name = markSvg)]
pub fn mark_svg(
    #[wasm_bindgen(unchecked_param_type = "string")] mark_text: JsValue,
    size: Option<f64>,
) -> Result<String> {
    let m: duke_engine::Mark = crate::convert::text(&mark_text, "mark")?.parse()?;
    let px = crate::convert::whole(size.unwrap_or(20.0), "size", 4096)? as u32;
    Ok(duke_engine::render::mark_svg(m, px))
}
