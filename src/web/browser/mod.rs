//! The only code that calls `web-sys` and `js-sys` (this module and its files, one per browser
//! feature): small wrappers that turn browser failures into
//! `Result`s with a message (or quietly into nothing where the page can live without), so the rest
//! of the web layer stays plain Rust.

use super::board_view::{Layout, Surface};
use super::sound::Sound;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::f64::consts::TAU;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    CanvasRenderingContext2d, Document, HtmlCanvasElement, HtmlElement, KeyboardEvent,
    PointerEvent, Window,
};

mod address;
mod audio;
mod canvas;
mod elements;
mod host;
mod service_worker;
mod worker;

pub use address::*;
pub use audio::*;
pub use canvas::*;
pub use elements::*;
pub use host::*;
pub use service_worker::*;
pub use worker::*;

/// A message for the console and for errors thrown to the page.
pub type BrowserError = String;

fn window() -> Result<Window, BrowserError> {
    web_sys::window().ok_or_else(|| "no window: not running in a browser page".to_string())
}

fn document() -> Result<Document, BrowserError> {
    window()?
        .document()
        .ok_or_else(|| "the page has no document".to_string())
}

fn describe(value: JsValue) -> BrowserError {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{value:?}"))
}

/// Whether this code runs in a page (not in a worker).
pub fn in_page() -> bool {
    web_sys::window().is_some()
}

/// Sends Rust panics to the browser console with their message and location.
pub fn install_panic_hook() {
    console_error_panic_hook::set_once();
}

/// Writes `message` to the browser console as an error.
pub fn log_error(message: &str) {
    web_sys::console::error_1(&JsValue::from_str(message));
}

/// Writes `message` to the browser console as a warning.
pub fn log_warning(message: &str) {
    web_sys::console::warn_1(&JsValue::from_str(message));
}

/// `value` written with `places` decimals (as `format!("{value:.2}")` would), in integer
/// arithmetic: core's float formatting would add kilobytes to the wasm modules.
pub fn decimal(value: f64, places: u32) -> String {
    let scale = 10_u64.pow(places);
    let scaled = (value.abs() * scale as f64).round() as u64;
    let sign = if value < 0.0 && scaled > 0 { "-" } else { "" };
    let (whole, fraction) = (scaled / scale, scaled % scale);
    if places == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{fraction:0width$}", width = places as usize)
    }
}

/// `value` CSS pixels, to the hundredth (`12.34px`).
pub fn px(value: f64) -> String {
    format!("{}px", decimal(value, 2))
}

/// A random number in [0, 1).
pub fn random() -> f64 {
    js_sys::Math::random()
}

/// Milliseconds since the page (or worker) started, sub-millisecond precise.
pub fn now_ms() -> f64 {
    PerformanceClock::new().now()
}

/// A clock over `performance.now()`, in the page or in a worker.
pub struct PerformanceClock {
    performance: Option<web_sys::Performance>,
}

impl PerformanceClock {
    /// The clock of this page or worker.
    pub fn new() -> PerformanceClock {
        let performance =
            js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("performance"))
                .ok()
                .and_then(|p| p.dyn_into::<web_sys::Performance>().ok());
        PerformanceClock { performance }
    }

    /// Milliseconds since the start.
    pub fn now(&self) -> f64 {
        match &self.performance {
            Some(performance) => performance.now(),
            None => js_sys::Date::now(),
        }
    }
}

impl Default for PerformanceClock {
    fn default() -> Self {
        PerformanceClock::new()
    }
}

impl engine::Clock for PerformanceClock {
    fn now_ms(&self) -> f64 {
        self.now()
    }
}

// ---------------------------------------------------------------- JSON and JS values

/// `value` as a JS value (objects with camelCase fields, as serde names them).
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, BrowserError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| e.to_string())
}

/// A Rust value from a JS value.
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, BrowserError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// `value` as JSON text.
pub fn to_json<T: Serialize>(value: &T) -> Result<String, BrowserError> {
    let js = to_js(value)?;
    js_sys::JSON::stringify(&js)
        .map(String::from)
        .map_err(describe)
}

/// A Rust value from JSON text; bad JSON or a wrong shape is an error.
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, BrowserError> {
    let js = js_sys::JSON::parse(text).map_err(|e| format!("not JSON: {}", describe(e)))?;
    from_js(js)
}

/// The entries of a flat JSON object of strings (a message catalogue); other values are skipped.
pub fn flat_json_strings(text: &str) -> Result<Vec<(String, String)>, BrowserError> {
    let js = js_sys::JSON::parse(text).map_err(describe)?;
    let object = js
        .dyn_into::<js_sys::Object>()
        .map_err(|_| "not a JSON object".to_string())?;
    Ok(js_sys::Object::entries(&object)
        .iter()
        .filter_map(|entry| {
            let pair = entry.dyn_into::<js_sys::Array>().ok()?;
            Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
        })
        .collect())
}

// ---------------------------------------------------------------- storage

fn local_storage() -> Result<web_sys::Storage, BrowserError> {
    window()?
        .local_storage()
        .map_err(describe)?
        .ok_or_else(|| "no localStorage".to_string())
}

/// The stored text under `key`; an error when storage is off.
pub fn storage_get(key: &str) -> Result<Option<String>, BrowserError> {
    local_storage()?.get_item(key).map_err(describe)
}

/// Why the browser did not store a value.
#[derive(Clone, Debug, PartialEq)]
pub enum StorageError {
    /// Storage is switched off or missing (private mode, a site setting, a policy).
    Off(String),
    /// The site's storage quota is used up.
    Full(String),
    /// Any other refusal.
    Failed(String),
}

/// Stores `value` under `key`; an error when storage is off or full, or the browser refuses.
pub fn storage_set(key: &str, value: &str) -> Result<(), StorageError> {
    let storage = local_storage().map_err(StorageError::Off)?;
    storage.set_item(key, value).map_err(|error| {
        // DOMException names; Firefox used its own name for a full quota.
        let name = js_sys::Reflect::get(&error, &JsValue::from_str("name"))
            .ok()
            .and_then(|name| name.as_string())
            .unwrap_or_default();
        let message = describe(error);
        match name.as_str() {
            "QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED" => StorageError::Full(message),
            "SecurityError" => StorageError::Off(message),
            _ => StorageError::Failed(message),
        }
    })
}

/// Forgets `key`.
pub fn storage_remove(key: &str) -> Result<(), BrowserError> {
    local_storage()?.remove_item(key).map_err(describe)
}

/// Calls `handler` with the key and the new value (`None`: removed) whenever another tab of the
/// site changes `localStorage` (the browser tells every tab but the one that wrote).
pub fn on_storage(
    handler: impl FnMut(String, Option<String>) + 'static,
) -> Result<(), BrowserError> {
    let mut handler = handler;
    let closure =
        Closure::<dyn FnMut(web_sys::StorageEvent)>::new(move |e: web_sys::StorageEvent| {
            if let Some(key) = e.key() {
                handler(key, e.new_value());
            }
        });
    window()?
        .add_event_listener_with_callback("storage", closure.as_ref().unchecked_ref())
        .map_err(describe)?;
    closure.forget(); // lives as long as the page
    Ok(())
}

// ---------------------------------------------------------------- clipboard and files

/// Copies `text` to the clipboard, then calls `done` with whether it worked.
pub fn copy_to_clipboard(text: &str, done: impl FnOnce(bool) + 'static) {
    let Ok(w) = window() else {
        done(false);
        return;
    };
    let promise = w.navigator().clipboard().write_text(text);
    then(promise, move |result| done(result.is_ok()));
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str) -> Result<(), BrowserError> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob =
        web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(describe)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(describe)?;
    let link = El::create("a")?;
    link.set_attr("href", &url);
    link.set_attr("download", name);
    link.0.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
