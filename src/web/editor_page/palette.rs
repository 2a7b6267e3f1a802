//! The palette and the hands: taking a tool, dragging a piece from the palette (its ghost under the
//! pointer), a hand's counters.

use super::*;

impl<G: EditorGame> EditorPage<G> {
    pub(super) fn take_tool(&mut self, tool: Tool<PieceOf<G>>) {
        self.editor.set_tool(tool);
        let text = match tool {
            Tool::Hand => self.texts.text("editor.hand"),
            Tool::Erase => self.texts.text("editor.erase"),
            Tool::Mark => self.texts.text("editor.mark"),
            Tool::Place(piece) => self.piece_name(piece),
        };
        let announcement = self.texts.format("editor.toolTaken", &[("tool", &text)]);
        self.announce(&announcement);
        self.board.mark_dirty();
    }

    /// A palette piece clicked: it becomes the tool (clicked again: back to the hand).
    pub(super) fn palette_pick(&mut self, code: &str) {
        let Some(piece) = G::piece_of_tool_code(code) else {
            return;
        };
        if self.editor.tool() == Tool::Place(piece) {
            self.take_tool(Tool::Hand);
        } else {
            self.take_tool(Tool::Place(piece));
        }
    }

    pub(super) fn palette_down(&mut self, e: &Event) {
        let Some(pointer) = e.pointer() else { return };
        let Some(piece) = e
            .closest_attr("data-piece")
            .and_then(|code| G::piece_of_tool_code(&code))
        else {
            return;
        };
        if !pointer.primary {
            return;
        }
        e.prevent_default();
        self.palette_dragged = false;
        if let Some((_, button, _)) = self.el.palette.iter().find(|(p, _, _)| *p == piece) {
            button.capture_pointer(pointer.id);
            button.focus();
        }
        self.palette_press = Some(PalettePress {
            piece,
            x: pointer.x,
            y: pointer.y,
            dragging: false,
        });
    }

    pub(super) fn palette_move(&mut self, e: &Event) {
        let Some(pointer) = e.pointer() else { return };
        let Some(press) = self.palette_press.as_mut() else {
            return;
        };
        if !press.dragging {
            if (pointer.x - press.x).hypot(pointer.y - press.y) < DRAG_THRESHOLD {
                return;
            }
            press.dragging = true;
            let piece = press.piece;
            self.show_ghost(piece);
        }
        self.move_ghost(pointer.x, pointer.y);
    }

    pub(super) fn palette_up(&mut self, e: &Event) {
        let Some(press) = self.palette_press.take() else {
            return;
        };
        let Some(pointer) = e.pointer() else { return };
        if !press.dragging {
            return; // a click: the click event picks the animal
        }
        self.palette_dragged = true;
        self.el.ghost.set_flag("hidden", true);
        let square = self.board.square_at_client(pointer.x, pointer.y);
        if let Some(square) = square.and_then(G::square) {
            let edit = self.editor.place(press.piece, square);
            self.report(edit);
        }
    }

    pub(super) fn palette_cancel(&mut self) {
        self.palette_press = None;
        self.el.ghost.set_flag("hidden", true);
    }

    /// The token that follows the pointer while a palette animal is dragged to the board.
    pub(super) fn show_ghost(&mut self, piece: PieceOf<G>) {
        let size = self.board.cell_size().max(32.0);
        self.el.ghost.set_style("width", &browser::px(size));
        self.el.ghost.set_style("height", &browser::px(size));
        self.el.ghost.set_flag("hidden", false);
        if let Ok((width, height)) = self.el.ghost_canvas.fit_to_css_box() {
            board_view::Surface::clear(&mut self.el.ghost_canvas);
            G::paint(
                &mut self.el.ghost_canvas,
                width / 2.0,
                height / 2.0,
                width.min(height),
                &G::piece_token(piece, &self.look),
                false,
            );
        }
    }

    pub(super) fn move_ghost(&self, x: f64, y: f64) {
        let size = self.board.cell_size().max(32.0);
        self.el
            .ghost
            .set_style("left", &browser::px(x - size / 2.0));
        self.el.ghost.set_style("top", &browser::px(y - size / 2.0));
    }

    /// One more (`more`) or one fewer `piece` in its side's hand.
    pub(super) fn hand_step(&mut self, piece: PieceOf<G>, more: bool) {
        let edit = if more {
            self.editor.add_to_hand(piece)
        } else {
            self.editor.take_from_hand(piece)
        };
        self.report(edit);
    }
}
