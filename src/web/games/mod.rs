//! The games the site's pages play, each an implementation of [`super::game::WebGame`] over its
//! rules: its drawing, its texts and its formats.

pub mod jungle;
pub mod shogi;
