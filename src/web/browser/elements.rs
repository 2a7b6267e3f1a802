//! The page's elements and events: [`El`] (an element with its listeners), [`Event`] and what a
//! handler reads of it, timers, animation frames, resize and visibility observers, media queries.

use super::*;

/// An element of the page.
#[derive(Clone, Debug)]
pub struct El(pub(super) HtmlElement);

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
pub(super) fn fetch_response(
    url: &str,
    done: impl FnOnce(Result<web_sys::Response, String>) + 'static,
) {
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
pub(super) fn then(
    promise: js_sys::Promise,
    handler: impl FnOnce(Result<JsValue, String>) + 'static,
) {
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
