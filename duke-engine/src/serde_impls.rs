//! serde support: Position as DPN, Action as action text, Game as its
//! record with the seed (a full save; publish `Game::record` instead when
//! the draws must stay secret).

use core::fmt;
use core::str::FromStr;

use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Action, Position};

struct FromStrVisitor<T>(core::marker::PhantomData<T>);

impl<T: FromStr> Visitor<'_> for FromStrVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }
    fn visit_str<E: Error>(self, v: &str) -> Result<T, E> {
        v.parse().map_err(E::custom)
    }
}

macro_rules! via_text {
    ($t:ty) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                d.deserialize_str(FromStrVisitor(core::marker::PhantomData))
            }
        }
    };
}

via_text!(Position);
via_text!(Action);

#[cfg(feature = "alloc")]
mod game {
    use super::*;
    use crate::Game;

    struct RecordVisitor;

    impl Visitor<'_> for RecordVisitor {
        type Value = Game;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a game record")
        }
        fn visit_str<E: Error>(self, v: &str) -> Result<Game, E> {
            Game::from_record(v).map_err(E::custom)
        }
    }

    impl Serialize for Game {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str(&self.record_with_seed())
        }
    }

    impl<'de> Deserialize<'de> for Game {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
            d.deserialize_str(RecordVisitor)
        }
    }
}
