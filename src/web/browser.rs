//! The only file that calls `web-sys` and `js-sys`: small wrappers that turn browser failures into
//! `Result`s with a message, so the rest of the web layer stays plain Rust.

use super::board_view::{Layout, Surface};
use std::f64::consts::TAU;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, Window};

/// A message for the console and for errors thrown to the page.
pub type BrowserError = String;

fn window() -> Result<Window, BrowserError> {
    web_sys::window().ok_or_else(|| "no window: not running in a browser page".to_string())
}

fn describe(value: JsValue) -> BrowserError {
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

/// Sends Rust panics to the browser console with their message and location.
pub fn install_panic_hook() {
    console_error_panic_hook::set_once();
}

/// Writes `message` to the browser console as an error.
pub fn log_error(message: &str) {
    web_sys::console::error_1(&JsValue::from_str(message));
}

/// Calls `handler` whenever the window changes size (or the device pixel ratio with it, on zoom).
pub fn on_window_resize(handler: impl FnMut() + 'static) -> Result<(), BrowserError> {
    let closure = Closure::<dyn FnMut()>::new(handler);
    window()?
        .add_event_listener_with_callback("resize", closure.as_ref().unchecked_ref())
        .map_err(describe)?;
    // The listener lives as long as the page, so the closure is never freed.
    closure.forget();
    Ok(())
}

/// A `<canvas>` of the page with its 2D context; drawing units are CSS pixels.
pub struct Canvas {
    element: HtmlCanvasElement,
    context: CanvasRenderingContext2d,
    css_width: f64,
    css_height: f64,
}

impl Canvas {
    /// The canvas with id `id`.
    pub fn find(id: &str) -> Result<Canvas, BrowserError> {
        let document = window()?
            .document()
            .ok_or_else(|| "the page has no document".to_string())?;
        let element = document
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
        })
    }

    /// Sizes the backing store to the canvas's CSS box × `devicePixelRatio`, so lines stay sharp
    /// on high-density screens, and returns the CSS size, which drawing then uses as its units.
    pub fn fit_to_css_box(&mut self) -> Result<(f64, f64), BrowserError> {
        let ratio = window()?.device_pixel_ratio();
        let css_width = f64::from(self.element.client_width());
        let css_height = f64::from(self.element.client_height());
        self.element.set_width((css_width * ratio).round() as u32);
        self.element.set_height((css_height * ratio).round() as u32);
        self.context
            .set_transform(ratio, 0.0, 0.0, ratio, 0.0, 0.0)
            .map_err(describe)?;
        self.css_width = css_width;
        self.css_height = css_height;
        Ok((css_width, css_height))
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
                .set_attribute(name, &format!("{value:.2}"))
                .map_err(describe)?;
        }
        Ok(())
    }
}

impl Surface for Canvas {
    fn clear(&mut self, colour: &str) {
        self.fill_rect(0.0, 0.0, self.css_width, self.css_height, colour);
    }

    fn fill_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str) {
        self.context.set_fill_style_str(colour);
        self.context.fill_rect(x, y, width, height);
    }

    fn stroke_rect(&mut self, x: f64, y: f64, width: f64, height: f64, colour: &str, line: f64) {
        self.context.set_stroke_style_str(colour);
        self.context.set_line_width(line);
        self.context.stroke_rect(x, y, width, height);
    }

    fn disc(&mut self, x: f64, y: f64, radius: f64, fill: &str, ring: &str, line: f64) {
        self.context.begin_path();
        // arc() throws only for a negative radius, which max() rules out.
        let _ = self.context.arc(x, y, radius.max(0.0), 0.0, TAU);
        self.context.set_fill_style_str(fill);
        self.context.fill();
        self.context.set_stroke_style_str(ring);
        self.context.set_line_width(line);
        self.context.stroke();
    }

    fn text(&mut self, text: &str, x: f64, y: f64, size: f64, colour: &str) {
        self.context
            .set_font(&format!("bold {size:.1}px system-ui, sans-serif"));
        self.context.set_text_align("center");
        self.context.set_text_baseline("middle");
        self.context.set_fill_style_str(colour);
        // fill_text() throws only for non-finite coordinates; a failed label is not worth a crash.
        let _ = self.context.fill_text(text, x, y);
    }
}
