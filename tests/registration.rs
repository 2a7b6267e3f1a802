//! A game is registered once on each side, and the rest of the site agrees with the two lists:
//! the Rust list (`tabula::web::games::GAMES`) and the browser's (`www/games.js`) name the same
//! games in the same order; each game's modules named in `www/games.js` are built (a
//! `<link data-trunk rel="rust" data-bin>` in index.html and a bin in Cargo.toml); its page exists
//! and names its game to the site script; every page's game switch lists every game, in order;
//! the manifest has a shortcut to each game's page. docs/adding-a-game.md is the recipe.

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

/// The page of a game: the site's root page for the first game, `www/<game>.html` else.
fn page_of(game: &str) -> String {
    if game == FIRST_GAME {
        "index.html".to_string()
    } else {
        format!("www/{game}.html")
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
            row.contains(&format!("page: '{}'", page.trim_start_matches("www/"))),
            "www/games.js: {game}'s page is {page}"
        );
    }
}

#[test]
fn each_game_page_names_its_game_and_every_page_switches_between_all_games() {
    let switch: String = GAMES
        .iter()
        .map(|game| format!("<a data-game=\"{game}\""))
        .collect::<Vec<_>>()
        .join("|");
    let mut pages = vec!["index.html".to_string()];
    for entry in fs::read_dir(root().join("www")).expect("www/") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .to_string();
        if name.ends_with(".html") && name != "embed.html" {
            pages.push(format!("www/{name}"));
        }
    }
    pages.sort();
    for page in &pages {
        let html = read(page);
        let nav = html
            .split("<nav class=\"game-switch\"")
            .nth(1)
            .unwrap_or_else(|| panic!("{page} has no game switch"));
        let nav = &nav[..nav.find("</nav>").expect("the switch ends")];
        let listed: Vec<&str> = nav
            .match_indices("<a data-game=\"")
            .map(|(at, _)| {
                let rest = &nav[at + "<a data-game=\"".len()..];
                &rest[..rest.find('"').expect("a quoted name")]
            })
            .collect();
        assert_eq!(listed, GAMES, "{page}'s game switch ({switch})");
    }
    let manifest = read("www/manifest.webmanifest");
    for game in GAMES {
        let page = page_of(game);
        let html = read(&page);
        assert!(
            html.contains(&format!(
                "<script src=\"site.js\" data-game=\"{game}\"></script>"
            )),
            "{page} names its game to site.js"
        );
        let url = if game == FIRST_GAME {
            "./".to_string()
        } else {
            format!("{game}.html")
        };
        assert!(
            manifest.contains(&format!("\"url\": \"{url}\"")),
            "the manifest has no shortcut to {url}"
        );
    }
}
