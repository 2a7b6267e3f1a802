//! Jungle's game page module (built for wasm32 by Trunk with the feature `web-game`): the game
//! starts when it loads. No search (the AI worker's module `jungle-ai` has it), none of the
//! other pages (`jungle-pages`) and no other game.

fn main() {
    #[cfg(target_arch = "wasm32")]
    if let Err(error) = tabula::web::start_game::<tabula::web::games::jungle::JungleWeb>() {
        tabula::web::browser::log_error(&format!("the page cannot start: {error:?}"));
    }
}
