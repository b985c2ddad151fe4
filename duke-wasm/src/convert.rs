//! Conversions between JavaScript values and the engine's types.

use duke_engine::Perspective;
use duke_engine::{Bitboard, Face, Rules, Side, Square};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::errors::{Error, Result};

/// A square from an index (0–35) or a name (`"C2"`).
pub fn square(value: &JsValue) -> Result<Square> {
    if let Some(i) = value.as_f64() {
        return (i.fract() == 0.0 && (0.0..36.0).contains(&i))
            .then(|| Square::from_index(i as u8))
            .flatten()
            .ok_or_else(|| Error::Value(format!("square index {i} is out of range (0 to 35)")));
    }
    match value.as_string() {
        Some(text) => Ok(text.parse::<Square>()?),
        None => Err(Error::Value(
            "a square is an index from 0 to 35 or a name like \"C2\"".into(),
        )),
    }
}

/// Square indices as a JavaScript array of numbers.
pub fn squares(bb: Bitboard) -> Array {
    bb.into_iter()
        .map(|s| JsValue::from(s.index() as u32))
        .collect()
}

// The words for sides, perspectives, troops, faces and marks are the
// engine's; these only read JavaScript values and supply defaults.

/// A string from JavaScript, or an error naming what was expected: a
/// number, an object or a bigint where text belongs is refused here, before
/// it reaches the module's memory.
pub fn text(value: &JsValue, what: &str) -> Result<String> {
    value
        .as_string()
        .ok_or_else(|| Error::Value(format!("{what} must be a string")))
}

/// An optional string: `undefined` and `null` are `None`.
pub fn opt_text(value: &JsValue, what: &str) -> Result<Option<String>> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        text(value, what).map(Some)
    }
}

/// An optional boolean: `undefined` and `null` are `None`; anything but
/// `true` or `false` is refused rather than coerced.
pub fn opt_bool(value: &JsValue, what: &str) -> Result<Option<bool>> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        value
            .as_bool()
            .map(Some)
            .ok_or_else(|| Error::Value(format!("{what} must be true or false")))
    }
}

/// A whole number from 0 to `max` from a JavaScript number; `NaN`, a
/// fraction, a negative number or one past `max` is an error (never
/// coerced to 0 or wrapped).
pub fn whole(value: f64, what: &str, max: u64) -> Result<u64> {
    if value.is_finite() && value.fract() == 0.0 && value >= 0.0 && value <= max as f64 {
        Ok(value as u64)
    } else {
        Err(Error::Value(format!(
            "{what} {value}: a whole number from 0 to {max}"
        )))
    }
}

/// A perspective name; absent is "absolute".
pub fn perspective(value: JsValue) -> Result<Perspective> {
    let text = opt_text(&value, "a perspective")?;
    Ok(text.as_deref().unwrap_or("absolute").parse()?)
}

/// A face from "starting" or "flipped"; absent is "starting".
pub fn face(value: JsValue) -> Result<Face> {
    let text = opt_text(&value, "a face")?;
    Ok(text.as_deref().unwrap_or("starting").parse()?)
}

/// Rules from their text (`"coup+mountain"`); absent is the engine's
/// default, the standard game. Text the engine cannot read throws its
/// code, `rules.text`.
pub fn rules(value: &JsValue) -> Result<Rules> {
    Ok(match opt_text(value, "the rules")? {
        Some(text) => text.parse()?,
        None => Rules::default(),
    })
}

/// An optional square (index or name): `undefined` and `null` are `None`.
pub fn opt_square(value: &JsValue) -> Result<Option<Square>> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        square(value).map(Some)
    }
}

/// A side from its name (`"light"`, `"Dark"`, `"l"`, ...), as the engine
/// reads it.
pub fn side(value: &JsValue) -> Result<Side> {
    Ok(text(value, "side name")?.parse()?)
}

/// A seed from a JavaScript number (a whole number from 0 to 2^53) or a
/// bigint; `undefined` is 0.
pub fn seed(value: &JsValue) -> Result<u64> {
    if value.is_undefined() || value.is_null() {
        return Ok(0);
    }
    if let Some(n) = value.as_f64() {
        if n.fract() == 0.0 && (0.0..=9_007_199_254_740_992.0).contains(&n) {
            return Ok(n as u64);
        }
    }
    if value.is_bigint() {
        if let Ok(n) = u64::try_from(value.clone()) {
            return Ok(n);
        }
    }
    Err(Error::Value(
        "a seed is a whole number from 0 to 2^53 or a bigint below 2^64".into(),
    ))
}

/// A JavaScript array of any values.
pub fn array<T: Into<JsValue>>(items: impl IntoIterator<Item = T>) -> Array {
    items.into_iter().map(Into::into).collect()
}

/// A plain object from (key, value) pairs.
pub fn object(fields: &[(&str, JsValue)]) -> JsValue {
    let obj = js_sys::Object::new();
    for (k, v) in fields {
        // Setting a property on a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(k), v);
    }
    obj.into()
}

/// The raw value of an options object's field (undefined when absent).
pub fn field(options: &JsValue, name: &str) -> JsValue {
    if options.is_undefined() || options.is_null() {
        return JsValue::UNDEFINED;
    }
    js_sys::Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}
