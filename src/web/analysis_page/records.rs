//! The analysis board's records: export, the link to the position and its moves, copying it,
//! importing a record.

use super::*;

impl<G: WebGame> AnalysisPage<G> {
    /// The tree in the game's first format, variations included where it has them (Jungle's
    /// record, KIF), into the export field.
    pub(super) fn export(&mut self) {
        let mut game = self.start.clone();
        for m in self.tree.main_line() {
            let _ = G::play(&mut game, m);
        }
        let text = G::write_tree(&game, &self.tree);
        if let Some(own) = &self.el.page {
            own.export_text.set_value(&text);
            own.export_text.set_flag("hidden", false);
        }
    }

    /// The link reopening this tree's main line at the shown move.
    pub(super) fn link(&self) -> String {
        format!("analysis.html?{}", self.query())
    }

    pub(super) fn query(&self) -> String {
        let start = G::position_code(G::position(&self.start));
        let moves: Vec<String> = self
            .tree
            .main_line()
            .into_iter()
            .map(G::move_code)
            .collect();
        let mut query = format!("{}={}", G::POSITION_PARAM, percent_encode(&start));
        if !moves.is_empty() {
            query.push_str(&format!("&moves={}", moves.join(",")));
        }
        if self.tree.on_main_line(self.tree.current()) && self.tree.ply() < moves.len() {
            query.push_str(&format!("&ply={}", self.tree.ply()));
        }
        if let Some(game) = crate::web::games::game_param::<G>() {
            query.push_str(&format!("&game={game}"));
        }
        if let Some(lang) = query_value(&browser::location_search(), "lang") {
            query.push_str(&format!("&lang={}", percent_encode(&lang)));
        }
        query
    }

    pub(super) fn copy_link(&mut self) {
        let href = browser::location_href();
        let base = href.split(['?', '#']).next().unwrap_or_default();
        let folder = base.rsplit_once('/').map(|(f, _)| f).unwrap_or_default();
        let link = format!("{folder}/{}", self.link());
        if let Some(own) = &self.el.page {
            own.share_link.set_value(&link);
            own.share_link.set_flag("hidden", false);
        }
        browser::copy_to_clipboard(&link, |copied| {
            with_page::<G>(|p| {
                let said = p
                    .app
                    .texts
                    .text(if copied { "io.copied" } else { "io.copyFailed" });
                if let Ok(button) = El::by_id("copy-link") {
                    button.say_beside(&said);
                }
            })
        });
    }

    /// Says what the import did beside its button (the reader's eyes are there).
    pub(super) fn say_beside_import(&self, text: &str) {
        if let Ok(button) = El::by_id("import-go") {
            button.say_beside(text);
        }
    }

    /// Opens the record or position pasted in the import field.
    pub(super) fn import(&mut self) {
        let Ok(field) = El::by_id("import-text") else {
            return;
        };
        let text = field.value();
        // The game, then the record's variations (whose main line is the game's).
        let read = G::read(&text, &self.start).and_then(|game| match game {
            Some(game) => Ok(Some((G::read_tree(&text)?, game))),
            None => Ok(None),
        });
        match read {
            Ok(Some((tree, mut game))) => {
                let moves = G::moves(&game).to_vec();
                while G::undo(&mut game).is_some() {}
                let read = tree
                    .filter(|tree| tree.main_line().starts_with(&moves))
                    .unwrap_or_else(|| MoveTree::from_line(&moves));
                self.start = game.clone();
                self.app.game = game;
                self.tree = MoveTree::new();
                self.written.clear();
                self.review = Review::None;
                self.learn = None;
                self.play_tree(&read);
                self.tree.to_start();
                self.show_node();
                self.say_beside_import(&self.app.texts.text("analysis.imported"));
            }
            Ok(None) => {}
            Err(problem) => {
                let problem = self.app.say(&problem);
                let text = self
                    .app
                    .texts
                    .format("analysis.unreadable", &[("problem", &problem)]);
                self.say_beside_import(&text);
            }
        }
    }
}
