//! The editor page's address: read and replaced without a reload.

use super::*;

/// The page's own address (`location.href`).
pub fn location_href() -> String {
    window()
        .ok()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default()
}

/// Replaces the query of the page's address with `query` (no `?`; empty: none), without a
/// reload or a new history entry, so that the address always reopens what the page shows.
pub fn replace_query(query: &str) {
    let Ok(w) = window() else { return };
    let path = w.location().pathname().unwrap_or_default();
    let url = if query.is_empty() {
        path
    } else {
        format!("{path}?{query}")
    };
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}
