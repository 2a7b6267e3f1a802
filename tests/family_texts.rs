//! The shogi family's words in the page's language (`shogi_family::texts`, catalogues in
//! `www/locales/family/<lang>.json`): every error maps to a key every language has, with the
//! placeholders its English text names; the English catalogue says what each error's `Display`
//! says; each variant's name is its table's, in English and as Japanese players write it.

mod catalogue_common;

use shogi_family::texts::{self, Text};
use shogi_family::{OptionsError, RecordError, SfenError, VARIANTS};
use std::collections::BTreeMap;

const LOCALES: &str = "www/locales/family";
const LANGUAGES: [&str; 6] = ["en", "de", "id", "vi", "zh-CN", "ja"];

fn render(text: &Text, catalogue: &BTreeMap<String, String>) -> String {
    text.render(&|key: &str| {
        catalogue
            .get(key)
            .cloned()
            .unwrap_or_else(|| panic!("no text for {key}"))
    })
}

fn errors() -> Vec<SfenError> {
    vec![
        SfenError::Fields,
        SfenError::Shape,
        SfenError::Piece('X'),
        SfenError::Side,
        SfenError::Hands,
        SfenError::MoveNumber,
        SfenError::Royals,
        SfenError::OppositeCheck,
    ]
}

/// Each error of `errors`, as `text` makes it, reads in every language with every placeholder
/// filled, and in English says what its `Display` says.
fn read_in_every_language<E: std::fmt::Debug + std::fmt::Display>(
    errors: &[E],
    text: impl Fn(&E) -> Text,
) {
    for lang in LANGUAGES {
        let catalogue = catalogue_common::catalogue(LOCALES, lang);
        for error in errors {
            let shown = render(&text(error), &catalogue);
            assert!(!shown.contains('{'), "{lang} {error:?}: {shown}");
            if lang == "en" {
                // Quoted input is isolated for bidirectional text: compare without the marks.
                let plain: String = shown
                    .chars()
                    .filter(|c| !matches!(c, '\u{2068}' | '\u{2069}'))
                    .collect();
                assert_eq!(plain, error.to_string(), "{error:?}");
            }
        }
    }
}

#[test]
fn every_sfen_error_reads_in_every_language_and_in_english_as_its_display() {
    read_in_every_language(&errors(), texts::sfen_error);
}

#[test]
fn every_record_error_reads_in_every_language_and_in_english_as_its_display() {
    let errors = [
        RecordError::Empty,
        RecordError::NoVariant,
        RecordError::UnknownVariant("chess".into()),
        RecordError::Sfen(SfenError::Side),
        RecordError::Move(12, "7g7f".into()),
        RecordError::Line(3),
    ];
    read_in_every_language(&errors, texts::record_error);
}

#[test]
fn every_options_error_reads_in_every_language_and_in_english_as_its_display() {
    let errors = [
        OptionsError::Unknown("impasse=27".into()),
        OptionsError::Count("9".into()),
    ];
    read_in_every_language(&errors, texts::options_error);
}

#[test]
fn every_variant_is_named_in_every_language_as_its_table_says() {
    for lang in LANGUAGES {
        let catalogue = catalogue_common::catalogue(LOCALES, lang);
        for variant in VARIANTS {
            let name = render(&texts::game_name(variant), &catalogue);
            match lang {
                "en" => assert_eq!(name, variant.title, "{}", variant.name),
                "ja" => assert_eq!(name, variant.japanese, "{}", variant.name),
                _ => assert!(!name.is_empty(), "{lang} {}", variant.name),
            }
        }
    }
}
