//! The board's canvas: a [`Surface`] drawn with the 2D context, in CSS pixels at the screen's
//! resolution.

use super::*;

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
