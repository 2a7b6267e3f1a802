//! A game is registered once on each side, and the rest of the site agrees with the two lists:
//! the Rust list (`tabula::web::games::GAMES`) and the browser's (`www/games.js`) name the same
//! games in the same order; each game's modules named in `www/games.js` are built (a
//! `<link data-trunk rel="rust" data-bin>` in index.html and a bin in Cargo.toml); it gives its
//! page's parts (the build writes its page from the template index.html and fills every page's
//! game switch and the manifest's shortcuts: tools/game-pages.mjs, whose output
//! e2e/site.spec.mjs checks), and no page lists the games by hand. docs/adding-a-game.md is the
//! recipe.

mod site_games;

use site_games::{browser_rows, games_js, languages_of};
use std::fs;
use std::path::PathBuf;
use tabula::web::games::{FIRST_GAME, GAMES};
use tabula::web::i18n::Lang;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of the row of `game` in www/games.js.
fn browser_row(games_js: &str, game: &str) -> String {
    browser_rows(games_js)
        .into_iter()
        .find(|(name, _)| name == game)
        .unwrap_or_else(|| panic!("www/games.js has no row for {game}"))
        .1
}

/// The modules a row of www/games.js imports (`import('./x.js')` → `x`).
fn modules_of(row: &str) -> Vec<String> {
    row.split("import('./")
        .skip(1)
        .map(|rest| {
            rest.split(".js')")
                .next()
                .expect("a module name")
                .to_string()
        })
        .collect()
}

/// The page of a game in the built site: the site's root for the first game, `<game>.html` else.
fn page_of(game: &str) -> String {
    if game == FIRST_GAME {
        "index.html".to_string()
    } else {
        format!("{game}.html")
    }
}

#[test]
fn the_rust_and_browser_lists_name_the_same_games_in_order() {
    let names: Vec<String> = browser_rows(&games_js())
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    assert_eq!(names, GAMES, "www/games.js against src/web/games/mod.rs");
    // Each game speaks the site's languages, English first.
    let site: Vec<&str> = Lang::ALL.iter().map(|lang| lang.tag()).collect();
    for (game, row) in browser_rows(&games_js()) {
        let languages = languages_of(&row);
        assert_eq!(languages.first().map(String::as_str), Some("en"), "{game}");
        for tag in &languages {
            assert!(
                site.contains(&tag.as_str()),
                "{game}: {tag} is not a site language"
            );
        }
    }
    assert_eq!(FIRST_GAME, GAMES[0]);
}

#[test]
fn every_module_a_game_loads_is_built() {
    let games_js = games_js();
    let index = read("index.html");
    let cargo = read("Cargo.toml");
    for game in GAMES {
        let row = browser_row(&games_js, game);
        let modules = modules_of(&row);
        assert!(
            modules.len() >= 3,
            "{game}: its AI, analysis and pages modules: {modules:?}"
        );
        for module in modules {
            assert!(
                module.starts_with(&format!("{game}-")),
                "{game} loads another game's module {module}"
            );
            assert!(
                index.contains(&format!("data-bin=\"{module}\"")),
                "index.html builds no module {module}"
            );
            assert!(
                cargo.contains(&format!(
                    "name = \"{module}\"\npath = \"src/bin/{module}.rs\""
                )),
                "Cargo.toml has no bin {module}"
            );
            assert!(
                root().join(format!("src/bin/{module}.rs")).exists(),
                "src/bin/{module}.rs"
            );
        }
        // The module its page starts is built too.
        assert!(
            index.contains(&format!("data-bin=\"{game}-game\"")),
            "index.html builds no {game}-game"
        );
        let page = page_of(game);
        assert!(
            row.contains(&format!("page: '{page}'")),
            "www/games.js: {game}'s page is {page}"
        );
    }
}

#[test]
fn each_game_gives_its_page_parts_and_no_page_lists_the_games_by_hand() {
    // The build writes each game's page from index.html and its parts (tools/game-pages.mjs).
    let template = read("index.html");
    assert!(
        template.contains("<script src=\"site.js\" data-game=\"{{game}}\"></script>"),
        "the game page's template names its game to site.js"
    );
    for game in GAMES {
        let parts = read(&format!("src/web/games/{game}/page.html"));
        for part in ["title", "description"] {
            let open = format!("<template data-part=\"{part}\">");
            let text = parts
                .split(&open)
                .nth(1)
                .and_then(|rest| rest.split("</template>").next())
                .unwrap_or_else(|| panic!("{game}'s page.html has no part {part}"));
            assert!(!text.trim().is_empty(), "{game}'s {part} is empty");
        }
        assert!(
            !root().join(format!("www/{game}.html")).exists(),
            "www/{game}.html: a game's page is written by the build, not by hand"
        );
    }
    // Every page's game switch is empty in its source: the build lists the games in it.
    let mut pages = vec!["index.html".to_string()];
    for entry in fs::read_dir(root().join("www")).expect("www/") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .to_string();
        if name.ends_with(".html") {
            pages.push(format!("www/{name}"));
        }
    }
    for page in &pages {
        let html = read(page);
        if let Some(nav) = html.split("<nav class=\"game-switch\"").nth(1) {
            let nav = &nav[..nav.find("</nav>").expect("the switch ends")];
            assert!(
                !nav.contains("data-game"),
                "{page} lists games in its switch by hand"
            );
        } else {
            assert_eq!(page, "www/embed.html", "{page} has no game switch");
        }
    }
}
