//! The only file that calls `web-sys` and `js-sys`: small wrappers that turn browser failures into
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

// ---------------------------------------------------------------- elements and events

/// An element of the page.
#[derive(Clone, Debug)]
pub struct El(HtmlElement);

impl El {
    /// The element with id `id`.
    pub fn by_id(id: &str) -> Result<El, BrowserError> {
        document()?
            .get_element_by_id(id)
            .ok_or_else(|| format!("the page has no element with id `{id}`"))?
            .dyn_into::<HtmlElement>()
            .map(El)
            .map_err(|_| format!("the element `{id}` is not an HTML element"))
    }

    /// The page's elements matching a CSS selector.
    pub fn all(selector: &str) -> Vec<El> {
        let Ok(list) = document().and_then(|d| d.query_selector_all(selector).map_err(describe))
        else {
            return Vec::new();
        };
        (0..list.length())
            .filter_map(|i| list.item(i)?.dyn_into::<HtmlElement>().ok().map(El))
            .collect()
    }

    /// The root `<html>` element.
    pub fn root() -> Result<El, BrowserError> {
        document()?
            .document_element()
            .and_then(|e| e.dyn_into::<HtmlElement>().ok())
            .map(El)
            .ok_or_else(|| "the page has no root element".to_string())
    }

    /// Says `text` right after this control, on a status line of its own (screen readers read
    /// it), in place of what was said there before; it goes after a few seconds. For what a
    /// control's press did ("Copied"), said where the reader looks rather than over the board.
    pub fn say_beside(&self, text: &str) {
        let line = match self.0.next_element_sibling() {
            Some(next) if next.class_list().contains("beside") => next,
            _ => {
                let Ok(line) = El::create("span") else { return };
                line.set_attr("class", "beside");
                line.set_attr("role", "status");
                let line: web_sys::Element = line.0.into();
                if self.0.after_with_node_1(&line).is_err() {
                    return;
                }
                line
            }
        };
        line.set_text_content(Some(text));
        let shown = text.to_string();
        set_timeout(
            move || {
                // Only what this call said goes: a later one keeps its line.
                if line.text_content().as_deref() == Some(shown.as_str()) {
                    line.remove();
                }
            },
            BESIDE_MS,
        );
    }

    /// A new element `tag` (not yet in the page).
    pub fn create(tag: &str) -> Result<El, BrowserError> {
        document()?
            .create_element(tag)
            .map_err(describe)?
            .dyn_into::<HtmlElement>()
            .map(El)
            .map_err(|_| format!("<{tag}> is not an HTML element"))
    }

    /// Appends `child`.
    pub fn append(&self, child: &El) {
        let _ = self.0.append_child(&child.0);
    }

    /// Removes every child.
    pub fn clear(&self) {
        self.0.set_text_content(None);
    }

    /// Sets the text content.
    pub fn set_text(&self, text: &str) {
        if self.0.text_content().as_deref() != Some(text) {
            self.0.set_text_content(Some(text));
        }
    }

    /// The text content.
    pub fn text(&self) -> String {
        self.0.text_content().unwrap_or_default()
    }

    /// Sets an attribute (unchanged values are not rewritten).
    pub fn set_attr(&self, name: &str, value: &str) {
        if self.0.get_attribute(name).as_deref() != Some(value) {
            let _ = self.0.set_attribute(name, value);
        }
    }

    /// An attribute's value.
    pub fn attr(&self, name: &str) -> Option<String> {
        self.0.get_attribute(name)
    }

    /// Removes an attribute.
    pub fn remove_attr(&self, name: &str) {
        let _ = self.0.remove_attribute(name);
    }

    /// Sets or removes a boolean attribute (`hidden`, `disabled`…).
    pub fn set_flag(&self, name: &str, on: bool) {
        if on {
            self.set_attr(name, "");
        } else if self.0.has_attribute(name) {
            self.remove_attr(name);
        }
    }

    /// Adds or removes a class.
    pub fn set_class(&self, class: &str, on: bool) {
        let _ = self.0.class_list().toggle_with_force(class, on);
    }

    /// Sets a CSS property.
    pub fn set_style(&self, property: &str, value: &str) {
        let _ = self.0.style().set_property(property, value);
    }

    /// Scrolls this element's content by `dy` CSS pixels.
    pub fn scroll_by(&self, dy: f64) {
        let top = self.0.scroll_top();
        self.0.set_scroll_top(top + dy.round() as i32);
    }

    /// Moves the keyboard focus here.
    pub fn focus(&self) {
        let _ = self.0.focus();
    }

    /// Whether this element (or one inside it) has the keyboard focus.
    pub fn has_focus(&self) -> bool {
        document()
            .ok()
            .and_then(|d| d.active_element())
            .is_some_and(|active| self.0.contains(Some(&active)))
    }

    /// Left, top, width and height in CSS pixels, relative to the viewport.
    pub fn rect(&self) -> (f64, f64, f64, f64) {
        let r = self.0.get_bounding_client_rect();
        (r.left(), r.top(), r.width(), r.height())
    }

    /// The value of an `<input>`, `<select>` or `<textarea>`.
    pub fn value(&self) -> String {
        if let Some(input) = self.0.dyn_ref::<web_sys::HtmlInputElement>() {
            input.value()
        } else if let Some(select) = self.0.dyn_ref::<web_sys::HtmlSelectElement>() {
            select.value()
        } else if let Some(area) = self.0.dyn_ref::<web_sys::HtmlTextAreaElement>() {
            area.value()
        } else {
            String::new()
        }
    }

    /// Sets the value of an `<input>`, `<select>` or `<textarea>`.
    pub fn set_value(&self, value: &str) {
        if let Some(input) = self.0.dyn_ref::<web_sys::HtmlInputElement>() {
            input.set_value(value);
        } else if let Some(select) = self.0.dyn_ref::<web_sys::HtmlSelectElement>() {
            select.set_value(value);
        } else if let Some(area) = self.0.dyn_ref::<web_sys::HtmlTextAreaElement>() {
            area.set_value(value);
        }
    }

    /// Whether a checkbox or radio button is checked.
    pub fn checked(&self) -> bool {
        self.0
            .dyn_ref::<web_sys::HtmlInputElement>()
            .is_some_and(|i| i.checked())
    }

    /// Checks or unchecks a checkbox or radio button.
    pub fn set_checked(&self, on: bool) {
        if let Some(input) = self.0.dyn_ref::<web_sys::HtmlInputElement>() {
            input.set_checked(on);
        }
    }

    /// Opens a `<dialog>` as a modal.
    pub fn show_modal(&self) {
        if let Some(dialog) = self.0.dyn_ref::<web_sys::HtmlDialogElement>() {
            if !dialog.open() {
                let _ = dialog.show_modal();
            }
        }
    }

    /// Closes a `<dialog>`.
    pub fn close(&self) {
        if let Some(dialog) = self.0.dyn_ref::<web_sys::HtmlDialogElement>() {
            dialog.close();
        }
    }

    /// Whether a `<dialog>` is open.
    pub fn is_open(&self) -> bool {
        self.0
            .dyn_ref::<web_sys::HtmlDialogElement>()
            .is_some_and(|d| d.open())
    }

    /// Opens the file picker of an `<input type="file">`.
    pub fn pick_file(&self) {
        self.0.click();
    }

    /// Calls `handler` on each `event` here.
    pub fn on(&self, event: &str, handler: impl FnMut(Event) + 'static) {
        let mut handler = handler;
        let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |e| handler(Event(e)));
        let _ = self
            .0
            .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
        closure.forget(); // lives as long as the page
    }

    /// Starts sending this pointer's events here until it is released.
    pub fn capture_pointer(&self, pointer_id: i32) {
        let _ = self.0.set_pointer_capture(pointer_id);
    }

    /// Reads the first chosen file of an `<input type="file">` as text (UTF-8, else the
    /// `legacy` encoding: shogi's KIF files are often Shift_JIS), then calls `handler` (with an
    /// error message if it cannot be read), and clears the choice so that choosing the same
    /// file again reads it again.
    pub fn read_chosen_file_as(
        &self,
        legacy: Option<&'static str>,
        handler: impl FnOnce(Result<String, String>) + 'static,
    ) {
        let file = self
            .0
            .dyn_ref::<web_sys::HtmlInputElement>()
            .and_then(|i| i.files())
            .and_then(|files| files.get(0));
        let Some(file) = file else { return };
        then(file.array_buffer(), move |result| {
            handler(result.and_then(|buffer| {
                let bytes = js_sys::Uint8Array::new(&buffer);
                decode_text(&bytes, legacy)
            }))
        });
        self.set_value("");
    }

    /// Reads the first chosen file of an `<input type="file">` as text, then calls `handler`
    /// (with an error message if it cannot be read).
    pub fn read_chosen_file(&self, handler: impl FnOnce(Result<String, String>) + 'static) {
        let file = self
            .0
            .dyn_ref::<web_sys::HtmlInputElement>()
            .and_then(|i| i.files())
            .and_then(|files| files.get(0));
        let Some(file) = file else { return };
        then(file.text(), move |result| {
            handler(result.map(|v| v.as_string().unwrap_or_default()))
        });
        self.set_value("");
    }
}

/// The text of `bytes`: UTF-8 when they are (a byte-order mark dropped), else in the `legacy`
/// encoding (a label the browser's decoder knows, like `shift_jis`); an error when neither reads
/// them.
fn decode_text(bytes: &js_sys::Uint8Array, legacy: Option<&str>) -> Result<String, String> {
    let options = web_sys::TextDecoderOptions::new();
    options.set_fatal(true);
    let utf8 =
        web_sys::TextDecoder::new_with_label_and_options("utf-8", &options).map_err(describe)?;
    let mut last = match utf8.decode_with_buffer_source(bytes) {
        Ok(text) => return Ok(text),
        Err(error) => describe(error),
    };
    if let Some(label) = legacy {
        let decoder =
            web_sys::TextDecoder::new_with_label_and_options(label, &options).map_err(describe)?;
        match decoder.decode_with_buffer_source(bytes) {
            Ok(text) => return Ok(text),
            Err(error) => last = describe(error),
        }
    }
    Err(format!("the file is not text this page can read: {last}"))
}

/// Fetches `url` (relative to the page) as text: `done` gets the text, or why it could not be
/// read (no network and no offline copy, or an HTTP status other than 2xx).
pub fn fetch_text(url: &str, done: impl FnOnce(Result<String, String>) + 'static) {
    let url = url.to_string();
    fetch_response(&url.clone(), move |result| match result {
        Err(message) => done(Err(message)),
        Ok(response) => match response.text() {
            Ok(text) => then(text, move |result| {
                done(result.map(|value| value.as_string().unwrap_or_default()))
            }),
            Err(error) => done(Err(format!("{url}: {}", describe(error)))),
        },
    });
}

/// Fetches `url` and calls `done` with its response, or why there is none (the error names
/// the address; an HTTP error status is an error).
fn fetch_response(url: &str, done: impl FnOnce(Result<web_sys::Response, String>) + 'static) {
    let window = match window() {
        Ok(window) => window,
        Err(message) => return done(Err(message)),
    };
    let url = url.to_string();
    then(window.fetch_with_str(&url), move |result| {
        let response = match result.and_then(|value| {
            value
                .dyn_into::<web_sys::Response>()
                .map_err(|_| "fetch gave no response".to_string())
        }) {
            Ok(response) => response,
            Err(message) => return done(Err(format!("{url}: {message}"))),
        };
        if !response.ok() {
            return done(Err(format!("{url}: HTTP {}", response.status())));
        }
        done(Ok(response))
    });
}

/// Runs `handler` when `promise` settles.
fn then(promise: js_sys::Promise, handler: impl FnOnce(Result<JsValue, String>) + 'static) {
    let handler = std::rc::Rc::new(std::cell::RefCell::new(Some(handler)));
    let on_error = handler.clone();
    let ok = Closure::once(move |value: JsValue| {
        if let Some(h) = handler.borrow_mut().take() {
            h(Ok(value));
        }
    });
    let err = Closure::once(move |value: JsValue| {
        if let Some(h) = on_error.borrow_mut().take() {
            h(Err(describe(value)));
        }
    });
    let _ = promise.then2(&ok, &err);
    ok.forget(); // lives as long as the page
    err.forget(); // lives as long as the page
}

/// A DOM event.
pub struct Event(web_sys::Event);

/// A key press.
pub struct KeyPress {
    /// `KeyboardEvent.key`.
    pub key: String,
    /// Ctrl or Cmd held.
    pub command: bool,
    /// Alt held.
    pub alt: bool,
    /// Shift held.
    pub shift: bool,
}

/// A pointer event's data.
pub struct PointerData {
    /// Client x, CSS pixels.
    pub x: f64,
    /// Client y, CSS pixels.
    pub y: f64,
    /// Which pointer.
    pub id: i32,
    /// The primary button (or a touch / pen contact).
    pub primary: bool,
}

impl Event {
    /// Stops the browser's own handling.
    pub fn prevent_default(&self) {
        self.0.prevent_default();
    }

    /// The key, for keyboard events.
    pub fn key(&self) -> Option<KeyPress> {
        let e = self.0.dyn_ref::<KeyboardEvent>()?;
        Some(KeyPress {
            key: e.key(),
            command: e.ctrl_key() || e.meta_key(),
            alt: e.alt_key(),
            shift: e.shift_key(),
        })
    }

    /// The pointer, for pointer events.
    pub fn pointer(&self) -> Option<PointerData> {
        let e = self.0.dyn_ref::<PointerEvent>()?;
        Some(PointerData {
            x: f64::from(e.client_x()),
            y: f64::from(e.client_y()),
            id: e.pointer_id(),
            primary: e.button() <= 0 && e.is_primary(),
        })
    }

    /// Whether it is a click a pointer made (a mouse press, a tap), not one a key or an
    /// assistive technology made for a button (their `detail` is 0).
    pub fn is_pointer_click(&self) -> bool {
        js_sys::Reflect::get(&self.0, &JsValue::from_str("detail"))
            .ok()
            .and_then(|detail| detail.as_f64())
            .is_some_and(|count| count > 0.0)
    }

    /// The value of `attribute` on the nearest element, from the target up, that has it.
    pub fn closest_attr(&self, attribute: &str) -> Option<String> {
        let target = self.0.target()?.dyn_into::<web_sys::Element>().ok()?;
        target
            .closest(&format!("[{attribute}]"))
            .ok()??
            .get_attribute(attribute)
    }

    /// Whether the event comes from a text field (where keys mean typing).
    pub fn from_text_field(&self) -> bool {
        self.0
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
    }
}

/// Calls `handler` on each `event` of the document.
pub fn on_document(event: &str, handler: impl FnMut(Event) + 'static) -> Result<(), BrowserError> {
    let mut handler = handler;
    let closure = Closure::<dyn FnMut(web_sys::Event)>::new(move |e| handler(Event(e)));
    document()?
        .add_event_listener_with_callback(event, closure.as_ref().unchecked_ref())
        .map_err(describe)?;
    closure.forget(); // lives as long as the page
    Ok(())
}

/// Calls `handler` whenever `element` changes size.
pub fn on_resize(element: &El, handler: impl FnMut() + 'static) -> Result<(), BrowserError> {
    let mut handler = handler;
    let closure = Closure::<dyn FnMut(JsValue)>::new(move |_| handler());
    let observer =
        web_sys::ResizeObserver::new(closure.as_ref().unchecked_ref()).map_err(describe)?;
    observer.observe(&element.0);
    closure.forget(); // lives as long as the page
    Ok(())
}

/// Calls `ready` once `element` comes within `margin` (a CSS margin, `"400px 0px"`) of the
/// screen, at once where the browser cannot tell: work for what nobody sees yet waits.
pub fn when_near_screen(element: &El, margin: &str, ready: impl FnOnce() + 'static) {
    let ready = std::rc::Rc::new(std::cell::RefCell::new(Some(ready)));
    let fire = ready.clone();
    let callback = Closure::<dyn FnMut(js_sys::Array, web_sys::IntersectionObserver)>::new(
        move |entries: js_sys::Array, observer: web_sys::IntersectionObserver| {
            let near = entries.iter().any(|entry| {
                entry
                    .dyn_into::<web_sys::IntersectionObserverEntry>()
                    .is_ok_and(|entry| entry.is_intersecting())
            });
            if near {
                observer.disconnect();
                if let Some(ready) = fire.borrow_mut().take() {
                    ready();
                }
            }
        },
    );
    let options = web_sys::IntersectionObserverInit::new();
    options.set_root_margin(margin);
    match web_sys::IntersectionObserver::new_with_options(
        callback.as_ref().unchecked_ref(),
        &options,
    ) {
        Ok(observer) => {
            observer.observe(&element.0);
            callback.forget(); // lives until the element is near, then does nothing
        }
        Err(_) => {
            if let Some(ready) = ready.borrow_mut().take() {
                ready();
            }
        }
    }
}

/// Whether a media query matches now.
pub fn media_matches(query: &str) -> bool {
    window()
        .ok()
        .and_then(|w| w.match_media(query).ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Whether the page shows the dark theme (`<html data-theme="dark">`: the site's choice, or the
/// system's, which `www/site.js` marks before the page paints; an embed frame marks its own).
pub fn dark_page() -> bool {
    El::root()
        .ok()
        .and_then(|root| root.attr("data-theme"))
        .as_deref()
        == Some("dark")
}

/// Whether the site's sound is on (`<html data-sound>`, which `www/site.js` keeps; a page
/// without it, on).
pub fn sound_on() -> bool {
    El::root()
        .ok()
        .and_then(|root| root.attr("data-sound"))
        .as_deref()
        != Some("off")
}

/// Calls `handler` when the site's theme or sound changes (`www/site.js`'s `sitesettings`
/// event: a header toggle, the system's theme, another tab).
pub fn on_site_settings(handler: impl FnMut() + 'static) -> Result<(), BrowserError> {
    let mut handler = handler;
    let closure = Closure::<dyn FnMut(JsValue)>::new(move |_| handler());
    window()?
        .add_event_listener_with_callback("sitesettings", closure.as_ref().unchecked_ref())
        .map_err(describe)?;
    closure.forget(); // lives as long as the page
    Ok(())
}

/// Runs `callback` before the next repaint, with the frame's time.
pub fn request_frame(callback: impl FnOnce(f64) + 'static) {
    let closure = Closure::once_into_js(callback);
    if let Ok(w) = window() {
        let _ = w.request_animation_frame(closure.unchecked_ref());
    }
}

/// Runs `callback` after `ms` milliseconds; returns a handle for [`cancel_timeout`].
pub fn set_timeout(callback: impl FnOnce() + 'static, ms: f64) -> i32 {
    let closure = Closure::once_into_js(callback);
    window()
        .ok()
        .and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(
                closure.unchecked_ref(),
                ms.max(0.0) as i32,
            )
            .ok()
        })
        .unwrap_or(0)
}

/// Cancels a [`set_timeout`].
pub fn cancel_timeout(handle: i32) {
    if let Ok(w) = window() {
        w.clear_timeout_with_handle(handle);
    }
}

/// Publishes drawing statistics (name, value) as `window.__jungleStats` for tests and the curious.
pub fn publish_stats(values: &[(&str, f64)]) {
    let Ok(w) = window() else { return };
    let stats = js_sys::Object::new();
    for &(name, value) in values {
        let _ = js_sys::Reflect::set(&stats, &JsValue::from_str(name), &JsValue::from_f64(value));
    }
    let _ = js_sys::Reflect::set(&w, &JsValue::from_str("__jungleStats"), &stats);
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

// ---------------------------------------------------------------- the AI worker

/// The page's handle on the AI worker (`www/worker.js` running the AI's wasm module).
pub struct AiWorker {
    worker: web_sys::Worker,
}

impl AiWorker {
    /// Starts the worker at `url` (it loads the AI's own wasm module). `on_message` gets every
    /// reply; `on_error` is called if the worker dies.
    pub fn spawn(
        url: &str,
        on_message: impl FnMut(JsValue) + 'static,
        on_error: impl FnMut() + 'static,
    ) -> Result<AiWorker, BrowserError> {
        let options = web_sys::WorkerOptions::new();
        options.set_type(web_sys::WorkerType::Module);
        let worker = web_sys::Worker::new_with_options(url, &options).map_err(describe)?;
        let mut on_message = on_message;
        let message =
            Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                on_message(e.data())
            });
        worker.set_onmessage(Some(message.as_ref().unchecked_ref()));
        message.forget(); // lives as long as the page
        let mut on_error = on_error;
        let error = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            // Handled: the page restarts the worker, so the browser need not report it.
            e.prevent_default();
            on_error()
        });
        worker.set_onerror(Some(error.as_ref().unchecked_ref()));
        error.forget(); // lives as long as the page
        Ok(AiWorker { worker })
    }

    /// Sends `message` to the worker.
    pub fn post<T: Serialize>(&self, message: &T) -> Result<(), BrowserError> {
        let value = to_js(message)?;
        self.worker.post_message(&value).map_err(describe)
    }

    /// Stops the worker at once (a search in progress is abandoned).
    pub fn terminate(&self) {
        self.worker.terminate();
    }
}

/// In the worker: sends `message` to the page.
pub fn post_to_page<T: Serialize>(message: &T) -> Result<(), BrowserError> {
    let value = to_js(message)?;
    js_sys::global()
        .dyn_into::<web_sys::DedicatedWorkerGlobalScope>()
        .map_err(|_| "not running in a worker".to_string())?
        .post_message(&value)
        .map_err(describe)
}

// ---------------------------------------------------------------- sound

/// The game's sounds (`sounds/*.wav`, [`Sound::file`]), fetched after the page has started and
/// played through Web Audio once a gesture has unlocked it (browsers refuse sound before one). A
/// sound asked for before its file has arrived is skipped; failures (no file, no audio device)
/// are silent.
#[derive(Default)]
pub struct Audio {
    sounds: std::rc::Rc<std::cell::RefCell<Sounds>>,
}

/// What [`Audio`] shares with its files' callbacks.
#[derive(Default)]
struct Sounds {
    context: Option<web_sys::AudioContext>,
    /// Each sound's file as fetched, until it is decoded.
    fetched: [Option<js_sys::ArrayBuffer>; Sound::ALL.len()],
    /// Each sound, ready to play.
    decoded: [Option<web_sys::AudioBuffer>; Sound::ALL.len()],
}

impl Audio {
    /// Fetches the sounds' files, a moment after the page has started so that they never delay
    /// it (the service worker keeps them for offline play).
    pub fn load_later(&self) {
        let sounds = self.sounds.clone();
        set_timeout(
            move || {
                for sound in Sound::ALL {
                    let sounds = sounds.clone();
                    fetch_response(sound.file(), move |response| {
                        let Ok(Ok(bytes)) = response.map(|r| r.array_buffer()) else {
                            return;
                        };
                        then(bytes, move |bytes| {
                            if let Ok(bytes) = bytes
                                .and_then(|b| b.dyn_into().map_err(|_| "not bytes".to_string()))
                            {
                                sounds.borrow_mut().fetched[sound as usize] = Some(bytes);
                                decode(&sounds);
                            }
                        });
                    });
                }
            },
            SOUND_DELAY_MS,
        );
    }

    /// Starts audio; call it from a user gesture.
    pub fn unlock(&mut self) {
        let mut sounds = self.sounds.borrow_mut();
        if sounds.context.is_none() {
            sounds.context = web_sys::AudioContext::new().ok();
        }
        if let Some(context) = &sounds.context {
            let _ = context.resume();
        }
        drop(sounds);
        decode(&self.sounds);
    }

    /// Plays `sound` if audio is unlocked and its file has arrived.
    pub fn play(&mut self, sound: Sound) {
        let sounds = self.sounds.borrow();
        let (Some(context), Some(buffer)) = (&sounds.context, &sounds.decoded[sound as usize])
        else {
            return;
        };
        let _ = context.resume();
        if let Ok(source) = context.create_buffer_source() {
            source.set_buffer(Some(buffer));
            let _ = source.connect_with_audio_node(&context.destination());
            let _ = source.start();
        }
    }
}

/// How long a word beside a control stays, ms.
const BESIDE_MS: f64 = 4000.0;

/// How long after the page starts its sounds are fetched, ms.
const SOUND_DELAY_MS: f64 = 1500.0;

/// Decodes the fetched files, once there is an audio context to decode them with.
fn decode(sounds: &std::rc::Rc<std::cell::RefCell<Sounds>>) {
    let mut shared = sounds.borrow_mut();
    let Some(context) = shared.context.clone() else {
        return;
    };
    for sound in Sound::ALL {
        let Some(bytes) = shared.fetched[sound as usize].take() else {
            continue;
        };
        let Ok(decoding) = context.decode_audio_data(&bytes) else {
            continue;
        };
        let sounds = sounds.clone();
        then(decoding, move |buffer| {
            if let Ok(Ok(buffer)) = buffer.map(|b| b.dyn_into::<web_sys::AudioBuffer>()) {
                sounds.borrow_mut().decoded[sound as usize] = Some(buffer);
            }
        });
    }
}

// ---------------------------------------------------------------- the canvas

/// A `<canvas>` of the page with its 2D context; drawing units are CSS pixels.
pub struct Canvas {
    element: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    css_width: f64,
    css_height: f64,
    pen: PenState,
}

/// The context's drawing state as last set: a value already in place is not sent again (each
/// call crosses from wasm to JavaScript, a colour as a string, and a board takes hundreds).
/// Resizing the canvas resets the context, and this with it.
#[derive(Default)]
struct PenState {
    fill: String,
    stroke: String,
    line: f64,
    font: String,
    /// Round caps and joins, centred text: set once.
    fixed: bool,
}

impl Canvas {
    /// The canvas with id `id`.
    pub fn find(id: &str) -> Result<Canvas, BrowserError> {
        let element = document()?
            .get_element_by_id(id)
            .ok_or_else(|| format!("the page has no element with id `{id}`"))?
            .dyn_into::<HtmlCanvasElement>()
            .map_err(|_| format!("the element `{id}` is not a <canvas>"))?;
        let context = element
            .get_context("2d")
            .map_err(describe)?
            .ok_or_else(|| format!("the canvas `{id}` has no 2D context"))?
            .dyn_into::<CanvasRenderingContext2d>()
            .map_err(|_| format!("the canvas `{id}` returned an unexpected context"))?;
        Ok(Canvas {
            element,
            context,
            css_width: 0.0,
            css_height: 0.0,
            pen: PenState::default(),
        })
    }

    /// Sizes the backing store to the canvas's CSS box × `devicePixelRatio`, so lines stay sharp
    /// on high-density screens, and returns the CSS size, which drawing then uses as its units.
    pub fn fit_to_css_box(&mut self) -> Result<(f64, f64), BrowserError> {
        let (css_width, css_height) = self.css_size();
        self.fit_to(css_width, css_height)?;
        Ok((css_width, css_height))
    }

    /// The canvas's CSS box, CSS pixels (reading it lays the page out if it changed).
    pub fn css_size(&self) -> (f64, f64) {
        (
            f64::from(self.element.client_width()),
            f64::from(self.element.client_height()),
        )
    }

    /// Sizes the backing store for a CSS box of `css_width` × `css_height` (as
    /// [`Canvas::fit_to_css_box`], for canvases of a size already measured: measuring each of
    /// many canvases after sizing the one before would lay the page out each time).
    pub fn fit_to(&mut self, css_width: f64, css_height: f64) -> Result<(), BrowserError> {
        let ratio = window()?.device_pixel_ratio();
        let (width, height) = (
            (css_width * ratio).round() as u32,
            (css_height * ratio).round() as u32,
        );
        if self.element.width() != width || self.element.height() != height {
            self.element.set_width(width);
            self.element.set_height(height);
            self.pen = PenState::default();
        }
        self.context
            .set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)
            .map_err(describe)?;
        self.css_width = css_width;
        self.css_height = css_height;
        Ok(())
    }

    /// Left and top of the canvas in the viewport, CSS pixels.
    pub fn origin(&self) -> (f64, f64) {
        let r = self.element.get_bounding_client_rect();
        (r.left(), r.top())
    }

    /// Publishes the board's place as `data-board-left`, `-top` and `-cell` (CSS pixels) so
    /// that scripts and browser tests can find a square without repeating the layout maths.
    pub fn publish_layout(&self, layout: &Layout) -> Result<(), BrowserError> {
        for (name, value) in [
            ("data-board-left", layout.left),
            ("data-board-top", layout.top),
            ("data-board-cell", layout.cell),
        ] {
            self.element
                .set_attribute(name, &decimal(value, 2))
                .map_err(describe)?;
        }
        self.element
            .set_attribute(
                "data-board-flipped",
                if layout.flipped { "true" } else { "false" },
            )
            .map_err(describe)
    }

    fn fill_with(&mut self, colour: &str) {
        if self.pen.fill != colour {
            self.context.set_fill_style_str(colour);
            self.pen.fill.replace_range(.., colour);
        }
    }

    fn stroke_with(&mut self, colour: &str, line: f64) {
        if self.pen.stroke != colour {
            self.context.set_stroke_style_str(colour);
            self.pen.stroke.replace_range(.., colour);
        }
        if self.pen.line != line {
            self.context.set_line_width(line);
            self.pen.line = line;
        }
    }

    /// Round line ends and joins, text centred on its point: the same for everything drawn.
    fn fix_pen(&mut self) {
        if !self.pen.fixed {
            self.context.set_line_cap("round");
            self.context.set_line_join("round");
            self.context.set_text_align("center");
            self.context.set_text_baseline("middle");
            self.pen.fixed = true;
        }
    }

    fn trace(&self, points: &[(f64, f64)]) {
        self.context.begin_path();
        if let Some(&(x, y)) = points.first() {
            self.context.move_to(x, y);
        }
        for &(x, y) in &points[1.min(points.len())..] {
            self.context.line_to(x, y);
        }
    }
}

impl Surface for Canvas {
    fn clear(&mut self) {
        self.context
            .clear_rect(0.0, 0.0, self.css_width, self.css_height);
    }

    fn fill_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str) {
        self.fill_with(colour);
        self.context.fill_rect(x, y, width, height);
    }

    fn stroke_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str, line: f64) {
        self.stroke_with(colour, line);
        self.context.stroke_rect(x, y, width, height);
    }

    fn fill_ellipse(&mut self, x: f64, y: f64, rx: f64, ry: f64, rotation: f64, colour: &str) {
        self.context.begin_path();
        // ellipse() throws only for negative radii, which max() rules out.
        let _ = self
            .context
            .ellipse(x, y, rx.max(0.0), ry.max(0.0), rotation, 0.0, TAU);
        self.fill_with(colour);
        self.context.fill();
    }

    fn stroke_circle(&mut self, x: f64, y: f64, radius: f64, colour: &str, line: f64) {
        self.context.begin_path();
        let _ = self.context.arc(x, y, radius.max(0.0), 0.0, TAU);
        self.stroke_with(colour, line);
        self.context.stroke();
    }

    fn fill_polygon(&mut self, points: &[(f64, f64)], colour: &str) {
        self.trace(points);
        self.context.close_path();
        self.fill_with(colour);
        self.context.fill();
    }

    fn stroke_polyline(&mut self, points: &[(f64, f64)], colour: &str, line: f64) {
        self.fix_pen();
        self.trace(points);
        self.stroke_with(colour, line);
        self.context.stroke();
    }

    fn text(&mut self, text: &str, x: f64, y: f64, size: f64, colour: &str) {
        self.fix_pen();
        self.fill_with(colour);
        let font = format!("600 {}px system-ui, sans-serif", decimal(size, 1));
        if self.pen.font != font {
            self.context.set_font(&font);
            self.pen.font = font;
        }
        let _ = self.context.fill_text(text, x, y);
    }

    fn glyph(
        &mut self,
        text: &str,
        x: f64,
        y: f64,
        size: f64,
        colour: &str,
        serif: bool,
        turned: bool,
    ) {
        if !serif && !turned {
            return self.text(text, x, y, size, colour);
        }
        self.fix_pen();
        self.fill_with(colour);
        let font = if serif {
            // Kanji in a Mincho face where the system has one (pieces are written in it).
            format!(
                "700 {}px \"Hiragino Mincho ProN\", \"Yu Mincho\", YuMincho, \"Noto Serif CJK JP\", \"Noto Serif JP\", IPAexMincho, \"MS Mincho\", serif",
                decimal(size, 1)
            )
        } else {
            format!("600 {}px system-ui, sans-serif", decimal(size, 1))
        };
        if self.pen.font != font {
            self.context.set_font(&font);
            self.pen.font = font;
        }
        if turned {
            self.context.save();
            let _ = self.context.translate(x, y);
            let _ = self.context.rotate(std::f64::consts::PI);
            let _ = self.context.fill_text(text, 0.0, 0.0);
            self.context.restore();
        } else {
            let _ = self.context.fill_text(text, x, y);
        }
    }

    fn set_alpha(&mut self, alpha: f64) {
        self.context.set_global_alpha(alpha.clamp(0.0, 1.0));
    }
}

// ---------------------------------------------------------------- the service worker

/// The page's service worker container, or `None` where there is none (an insecure origin, some
/// private modes): the page then simply runs without offline support.
fn service_workers() -> Option<web_sys::ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    js_sys::Reflect::has(&navigator, &"serviceWorker".into())
        .unwrap_or(false)
        .then(|| navigator.service_worker())
}

/// Registers the service worker at `script` (its scope: the script's folder) and calls
/// `on_update_waiting` when a newer version of the site has been downloaded and waits to take
/// over: found at start-up (downloaded during an earlier visit) or while the page is open.
/// A registration that fails (e.g. offline on the very first visit) is logged as a warning.
pub fn register_service_worker(script: &str, on_update_waiting: impl Fn() + 'static) {
    let Some(container) = service_workers() else {
        return;
    };
    let on_update_waiting: std::rc::Rc<dyn Fn()> = std::rc::Rc::new(on_update_waiting);
    let registered = Closure::once(move |value: JsValue| {
        // Not a registration where something stands in for the browser's `register` (test tools).
        if let Ok(registration) = value.dyn_into::<web_sys::ServiceWorkerRegistration>() {
            watch_for_updates(&registration, on_update_waiting);
        }
    });
    let failed = Closure::once(|error: JsValue| {
        log_warning(&format!("no offline support: {}", describe(error)));
    });
    let _ = container.register(script).then2(&registered, &failed);
    registered.forget(); // called once by the browser
    failed.forget();
}

fn watch_for_updates(
    registration: &web_sys::ServiceWorkerRegistration,
    on_update_waiting: std::rc::Rc<dyn Fn()>,
) {
    // With no controller this page came from the network: what installs is the first version,
    // not an update.
    let is_update = || service_workers().is_some_and(|c| c.controller().is_some());
    if registration.waiting().is_some() && is_update() {
        on_update_waiting();
    }
    let watched = registration.clone();
    let found = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = watched.installing() else {
            return;
        };
        let worker = installing.clone();
        let on_update_waiting = on_update_waiting.clone();
        let changed = Closure::<dyn FnMut()>::new(move || {
            if worker.state() == web_sys::ServiceWorkerState::Installed && is_update() {
                on_update_waiting();
            }
        });
        installing.set_onstatechange(Some(changed.as_ref().unchecked_ref()));
        changed.forget(); // lives as long as that worker
    });
    registration.set_onupdatefound(Some(found.as_ref().unchecked_ref()));
    found.forget(); // lives as long as the page
}

impl El {
    /// The page's `<body>`.
    pub fn body() -> Result<El, BrowserError> {
        document()?
            .body()
            .map(El)
            .ok_or_else(|| "the page has no body".to_string())
    }
}

/// Whether this page asked the waiting version to take over (it then reloads by itself).
static SWITCH_ASKED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Calls `on_replaced` each time a new version of the service worker takes over this page while
/// it runs (another tab switched to it): the page's later requests get that version's files.
/// The first worker taking over a page that came from the network is no replacement.
pub fn on_service_worker_replaced(on_replaced: impl Fn() + 'static) {
    let Some(container) = service_workers() else {
        return;
    };
    let had_controller = std::cell::Cell::new(container.controller().is_some());
    let changed = Closure::<dyn FnMut()>::new(move || {
        let asked_here = SWITCH_ASKED.load(std::sync::atomic::Ordering::Relaxed);
        if had_controller.replace(true) && !asked_here {
            on_replaced();
        }
    });
    let _ = container
        .add_event_listener_with_callback("controllerchange", changed.as_ref().unchecked_ref());
    changed.forget(); // lives as long as the page
}

/// Loads the page again.
pub fn reload_page() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// Asks the waiting new version of the service worker to take over now, and reloads the page
/// once it has (the page then runs on the new version's files).
pub fn activate_waiting_service_worker() {
    let Some(container) = service_workers() else {
        return;
    };
    SWITCH_ASKED.store(true, std::sync::atomic::Ordering::Relaxed);
    let reload = Closure::once(reload_page);
    container.set_oncontrollerchange(Some(reload.as_ref().unchecked_ref()));
    reload.forget(); // called once by the browser
    let ask = Closure::once(|value: JsValue| {
        let Ok(registration) = value.dyn_into::<web_sys::ServiceWorkerRegistration>() else {
            return;
        };
        if let Some(waiting) = registration.waiting() {
            let message = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&message, &"type".into(), &"activate".into());
            let _ = waiting.post_message(&message);
        }
    });
    let _ = container.ready().map(|ready| ready.then(&ask));
    ask.forget();
}

// ---------------------------------------------------------------- the embed page and its host

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

/// Posts `message` to the window framing this page, for `target_origin` only (`*`: any); does
/// nothing when the page is not framed.
pub fn post_to_parent<T: Serialize>(message: &T, target_origin: &str) -> Result<(), BrowserError> {
    let Some(parent) = parent_window() else {
        return Ok(());
    };
    let value = to_js(message)?;
    parent.post_message(&value, target_origin).map_err(describe)
}

// ---------------------------------------------------------------- the editor page

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
