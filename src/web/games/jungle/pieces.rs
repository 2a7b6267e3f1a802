//! Jungle's pieces on the board: a round token with the animal's emblem, drawn in strokes on
//! any [`Surface`], and its rank in a badge.

use crate::web::board_view::{palette, token_colours, unit_circle, Disc, Emblem, Surface, Token};

/// A round token (Jungle's animals) centred on (`x`, `y`); anything else is not drawn.
pub fn paint_disc<S: Surface>(surface: &mut S, x: f64, y: f64, cell: f64, token: &Token, _: bool) {
    if let Token::Disc(disc) = token {
        draw_disc(surface, x, y, cell, disc);
    }
}

/// A disc: shadow, rim, body, emblem, rank.
fn draw_disc(surface: &mut impl Surface, x: f64, y: f64, cell: f64, token: &Disc) {
    let [rim, body, ink] = token_colours(token.colour);
    let radius = cell * 0.42;
    surface.fill_ellipse(x, y + cell * 0.04, radius, radius, 0.0, palette::SHADOW);
    surface.fill_ellipse(x, y, radius, radius, 0.0, rim);
    surface.fill_ellipse(x, y, radius * 0.88, radius * 0.88, 0.0, body);
    let pen = Pen {
        cx: x - radius * 0.05,
        cy: y - radius * 0.07,
        scale: radius * 0.9,
        ink,
        body,
    };
    draw_emblem(surface, &pen, token);
    // The rank in a badge at the lower right, on the rim.
    let (bx, by) = (x + radius * 0.64, y + radius * 0.64);
    let badge = radius * 0.36;
    surface.fill_ellipse(bx, by, badge, badge, 0.0, rim);
    surface.fill_ellipse(bx, by, badge * 0.84, badge * 0.84, 0.0, ink);
    surface.text(&token.caption, bx, by + badge * 0.06, badge * 1.3, body);
}

/// Draws in a token's unit square: (0, 0) is the emblem's centre, ±1 its extent.
struct Pen {
    cx: f64,
    cy: f64,
    scale: f64,
    ink: &'static str,
    body: &'static str,
}

impl Pen {
    fn at(&self, (x, y): (f64, f64)) -> (f64, f64) {
        (self.cx + x * self.scale, self.cy + y * self.scale)
    }

    fn ellipse(
        &self,
        s: &mut impl Surface,
        centre: (f64, f64),
        rx: f64,
        ry: f64,
        turn: f64,
        ink: bool,
    ) {
        let (x, y) = self.at(centre);
        let colour = if ink { self.ink } else { self.body };
        s.fill_ellipse(x, y, rx * self.scale, ry * self.scale, turn, colour);
    }

    fn circle(&self, s: &mut impl Surface, centre: (f64, f64), r: f64, ink: bool) {
        self.ellipse(s, centre, r, r, 0.0, ink);
    }

    /// The same circle at (x, y) and (−x, y).
    fn circles(&self, s: &mut impl Surface, (x, y): (f64, f64), r: f64, ink: bool) {
        self.circle(s, (x, y), r, ink);
        self.circle(s, (-x, y), r, ink);
    }

    fn polygon(&self, s: &mut impl Surface, points: &[(f64, f64)], ink: bool) {
        let points: Vec<(f64, f64)> = points.iter().map(|&p| self.at(p)).collect();
        s.fill_polygon(&points, if ink { self.ink } else { self.body });
    }

    /// The polygon and its mirror image across the vertical axis.
    fn polygons(&self, s: &mut impl Surface, points: &[(f64, f64)], ink: bool) {
        self.polygon(s, points, ink);
        let mirrored: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (-x, y)).collect();
        self.polygon(s, &mirrored, ink);
    }

    fn line(&self, s: &mut impl Surface, points: &[(f64, f64)], width: f64, ink: bool) {
        let points: Vec<(f64, f64)> = points.iter().map(|&p| self.at(p)).collect();
        s.stroke_polyline(
            &points,
            if ink { self.ink } else { self.body },
            width * self.scale,
        );
    }

    /// The line and its mirror image.
    fn lines(&self, s: &mut impl Surface, points: &[(f64, f64)], width: f64, ink: bool) {
        self.line(s, points, width, ink);
        let mirrored: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (-x, y)).collect();
        self.line(s, &mirrored, width, ink);
    }
}

const INK: bool = true;
const CUT: bool = false;

fn draw_emblem(s: &mut impl Surface, p: &Pen, token: &Disc) {
    match token.emblem {
        Emblem::Rat => {
            p.circles(s, (0.38, -0.34), 0.26, INK);
            p.circles(s, (0.38, -0.34), 0.13, CUT);
            p.ellipse(s, (0.0, -0.02), 0.36, 0.32, 0.0, INK);
            p.polygon(s, &[(-0.3, 0.04), (0.3, 0.04), (0.0, 0.66)], INK);
            p.circles(s, (0.14, -0.04), 0.065, CUT);
            p.lines(s, &[(0.16, 0.36), (0.6, 0.26)], 0.045, INK);
            p.lines(s, &[(0.16, 0.42), (0.58, 0.48)], 0.045, INK);
        }
        Emblem::Cat => {
            p.polygons(s, &[(-0.46, 0.0), (-0.42, -0.66), (-0.08, -0.3)], INK);
            p.polygons(s, &[(-0.36, -0.14), (-0.36, -0.46), (-0.2, -0.28)], CUT);
            p.ellipse(s, (0.0, 0.08), 0.46, 0.4, 0.0, INK);
            p.ellipses_pair(s, (0.18, 0.0), 0.09, 0.11, CUT);
            p.ellipses_pair(s, (0.18, 0.0), 0.03, 0.09, INK);
            p.polygon(s, &[(-0.07, 0.18), (0.07, 0.18), (0.0, 0.26)], CUT);
            p.lines(s, &[(0.3, 0.22), (0.72, 0.14)], 0.04, INK);
            p.lines(s, &[(0.3, 0.3), (0.7, 0.38)], 0.04, INK);
        }
        Emblem::Dog => {
            p.ellipse(s, (0.4, 0.04), 0.15, 0.36, -0.35, INK);
            p.ellipse(s, (-0.4, 0.04), 0.15, 0.36, 0.35, INK);
            p.ellipse(s, (0.0, -0.02), 0.38, 0.43, 0.0, CUT);
            p.ellipse(s, (0.0, -0.02), 0.33, 0.4, 0.0, INK);
            p.ellipse(s, (0.0, 0.24), 0.2, 0.16, 0.0, CUT);
            p.ellipse(s, (0.0, 0.16), 0.1, 0.07, 0.0, INK);
            p.lines(s, &[(0.0, 0.2), (0.0, 0.3), (0.08, 0.34)], 0.035, INK);
            p.circles(s, (0.14, -0.1), 0.065, CUT);
        }
        Emblem::Wolf => {
            p.polygon(
                s,
                &[
                    (0.0, 0.66),
                    (0.24, 0.24),
                    (0.46, 0.04),
                    (0.46, -0.66),
                    (0.16, -0.34),
                    (-0.16, -0.34),
                    (-0.46, -0.66),
                    (-0.46, 0.04),
                    (-0.24, 0.24),
                ],
                INK,
            );
            p.polygons(s, &[(0.36, -0.14), (0.37, -0.46), (0.22, -0.3)], CUT);
            p.ellipse(s, (0.15, -0.02), 0.09, 0.045, 0.45, CUT);
            p.ellipse(s, (-0.15, -0.02), 0.09, 0.045, -0.45, CUT);
            p.line(s, &[(0.0, 0.28), (0.0, 0.46)], 0.05, CUT);
        }
        Emblem::Leopard => {
            p.circles(s, (0.34, -0.36), 0.16, INK);
            p.circle(s, (0.0, 0.04), 0.48, INK);
            for spot in [(0.22, -0.22), (0.0, -0.3), (0.32, 0.16), (0.12, -0.36)] {
                p.circles(s, spot, 0.07, CUT);
            }
            p.ellipses_pair(s, (0.16, -0.02), 0.08, 0.06, CUT);
            p.ellipse(s, (0.0, 0.24), 0.17, 0.12, 0.0, CUT);
            p.polygon(s, &[(-0.07, 0.16), (0.07, 0.16), (0.0, 0.24)], INK);
        }
        Emblem::Tiger => {
            p.circles(s, (0.36, -0.38), 0.17, INK);
            p.circle(s, (0.0, 0.04), 0.5, INK);
            p.polygon(s, &[(-0.07, -0.46), (0.07, -0.46), (0.0, -0.2)], CUT);
            p.polygons(s, &[(-0.2, -0.42), (-0.1, -0.44), (-0.12, -0.26)], CUT);
            p.polygons(s, &[(-0.5, -0.04), (-0.5, 0.08), (-0.28, 0.02)], CUT);
            p.polygons(s, &[(-0.46, 0.2), (-0.42, 0.3), (-0.26, 0.2)], CUT);
            p.ellipses_pair(s, (0.17, -0.05), 0.085, 0.055, CUT);
            p.ellipse(s, (0.0, 0.25), 0.19, 0.13, 0.0, CUT);
            p.polygon(s, &[(-0.08, 0.15), (0.08, 0.15), (0.0, 0.23)], INK);
        }
        Emblem::Lion => {
            let mane: Vec<(f64, f64)> = (0..28)
                .map(|i| {
                    let (cos, sin) = unit_circle(f64::from(i) / 28.0 * std::f64::consts::TAU);
                    let r = if i % 2 == 0 { 0.7 } else { 0.54 };
                    (cos * r, sin * r + 0.02)
                })
                .collect();
            p.polygon(s, &mane, INK);
            p.circle(s, (0.0, 0.05), 0.36, CUT);
            p.circles(s, (0.13, -0.03), 0.06, INK);
            p.polygon(s, &[(-0.09, 0.1), (0.09, 0.1), (0.0, 0.2)], INK);
            p.lines(s, &[(0.0, 0.2), (0.1, 0.27)], 0.045, INK);
        }
        Emblem::Elephant => {
            p.ellipse(s, (0.42, -0.06), 0.28, 0.38, 0.2, INK);
            p.ellipse(s, (-0.42, -0.06), 0.28, 0.38, -0.2, INK);
            p.ellipse(s, (0.0, -0.12), 0.33, 0.36, 0.0, CUT);
            p.ellipse(s, (0.0, -0.12), 0.28, 0.32, 0.0, INK);
            p.line(
                s,
                &[(0.0, 0.0), (0.0, 0.34), (0.06, 0.52), (0.2, 0.58)],
                0.2,
                INK,
            );
            p.lines(s, &[(0.13, 0.12), (0.22, 0.32)], 0.07, CUT);
            p.circles(s, (0.13, -0.14), 0.055, CUT);
        }
        Emblem::Letter => {
            s.text(&token.label.to_string(), p.cx, p.cy, p.scale * 1.1, p.ink);
        }
    }
}

impl Pen {
    /// The same ellipse at (x, y) and (−x, y).
    fn ellipses_pair(&self, s: &mut impl Surface, (x, y): (f64, f64), rx: f64, ry: f64, ink: bool) {
        self.ellipse(s, (x, y), rx, ry, 0.0, ink);
        self.ellipse(s, (-x, y), rx, ry, 0.0, ink);
    }
}
