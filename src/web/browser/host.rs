//! The embed page and its host page: the address, the browser's languages, the frame's parent
//! and its messages.

use super::*;

/// The page URL's query, `?` included (empty when there is none).
pub fn location_search() -> String {
    window()
        .ok()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The reader's preferred languages, most preferred first (`navigator.languages`).
pub fn browser_languages() -> Vec<String> {
    let Ok(w) = window() else { return Vec::new() };
    let navigator = w.navigator();
    let mut tags: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    if tags.is_empty() {
        tags.extend(navigator.language());
    }
    tags
}

/// The `data-page` attribute of `<body>`: which page of the site this is (none: the game).
pub fn page_kind() -> Option<String> {
    El::body().ok().and_then(|body| body.attr("data-page"))
}

/// The window that frames this page, if it is framed.
fn parent_window() -> Option<web_sys::Window> {
    let w = window().ok()?;
    let parent = w.parent().ok().flatten()?;
    let own: &JsValue = w.as_ref();
    let theirs: &JsValue = parent.as_ref();
    (own != theirs).then_some(parent)
}

/// Whether this page runs inside a frame.
pub fn is_framed() -> bool {
    parent_window().is_some()
}

/// A message posted to this window.
pub struct HostMessage {
    /// The sender's origin (`https://blog.example.com`).
    pub origin: String,
    /// Whether the sender is the window framing this page.
    pub from_parent: bool,
    /// The message.
    pub data: JsValue,
}

/// Calls `handler` with every message posted to this window.
pub fn on_window_message(handler: impl FnMut(HostMessage) + 'static) -> Result<(), BrowserError> {
    let mut handler = handler;
    let closure =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let from_parent = match (e.source(), parent_window()) {
                (Some(source), Some(parent)) => {
                    let parent: &JsValue = parent.as_ref();
                    let source: &JsValue = source.as_ref();
                    source == parent
                }
                _ => false,
            };
            handler(HostMessage {
                origin: e.origin(),
                from_parent,
                data: e.data(),
            })
        });
    window()?
        .add_event_listener_with_callback("message", closure.as_ref().unchecked_ref())
        .map_err(describe)?;
    closure.forget(); // lives as long as the page
    Ok(())
}

/// Posts `message` to the window framing this page, once for each of `kinds` (its `type` field
/// set to that name; `None`: as serialised) and each of `target_origins` (`*`: any); does
/// nothing when the page is not framed. The message is converted once; a post that fails does
/// not keep the others from going, and each failure is in the error.
pub fn post_to_parent_as<T: Serialize>(
    message: &T,
    kinds: &[Option<&str>],
    target_origins: &[String],
) -> Result<(), BrowserError> {
    let Some(parent) = parent_window() else {
        return Ok(());
    };
    let value = to_js(message)?;
    let key = JsValue::from_str("type");
    let serialised = js_sys::Reflect::get(&value, &key).map_err(describe)?;
    let mut failures = Vec::new();
    for kind in kinds {
        let kind = kind.map_or_else(|| serialised.clone(), JsValue::from_str);
        js_sys::Reflect::set(&value, &key, &kind).map_err(describe)?;
        for target in target_origins {
            if let Err(e) = parent.post_message(&value, target) {
                failures.push(describe(e));
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("; "))
    }
}
