//! Writing KIF: the header (a diagram for a position that is not a start), each move in
//! Japanese with its time, the ending, and the variations after the main line.

use super::*;

/// The header name to write for a tag.
pub(super) fn header_name(name: &str, handicap: bool) -> String {
    match name {
        "Sente" if handicap => return "下手".to_string(),
        "Gote" if handicap => return "上手".to_string(),
        _ => {}
    }
    if let Some((_, kif, _)) = TAG_NAMES.iter().find(|(tag, _, _)| *tag == name) {
        return kif.to_string();
    }
    // Keep the name from reading as another kind of line (the reader's order of tests).
    let cleaned: String = name
        .chars()
        .map(|c| match c {
            '：' | '\n' | '\r' => '_',
            c => c,
        })
        .collect();
    let cleaned = cleaned.trim_matches(is_pad).to_string();
    let starts_badly = cleaned.is_empty()
        || cleaned.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '*' | '#' | '&' | '|'))
        || [
            "変化",
            "まで",
            "手数--",
            "手数＝",
            "先手の持駒",
            "後手の持駒",
            "上手の持駒",
            "下手の持駒",
        ]
        .iter()
        .any(|prefix| cleaned.starts_with(prefix));
    if starts_badly {
        format!("_{cleaned}")
    } else {
        cleaned
    }
}

/// The hand as a KIF list (`飛　角二　歩十八`, `なし`).
pub(super) fn write_hand(hand: Hand) -> String {
    let items: Vec<String> = hand
        .pieces()
        .map(|(kind, count)| {
            let mut item = board_char(kind).to_string();
            if count > 1 {
                item.push_str(&kanji_number(count as u32));
            }
            item
        })
        .collect();
    if items.is_empty() {
        "なし".to_string()
    } else {
        items.join("\u{3000}")
    }
}

/// The board diagram of a start position.
pub(super) fn write_diagram(out: &mut String, start: &Position, handicap: bool) {
    let (sente, gote) = if handicap {
        ("下手", "上手")
    } else {
        ("先手", "後手")
    };
    let _ = writeln!(out, "{gote}の持駒：{}", write_hand(start.hand(Side::White)));
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    out.push_str("+---------------------------+\n");
    for rank in 0..RANKS {
        out.push('|');
        for file in (0..FILES).rev() {
            let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
            match start.piece_at(sq) {
                Some(p) => {
                    out.push(if p.side == Side::White { 'v' } else { ' ' });
                    out.push(board_char(p.kind));
                }
                None => out.push_str(" ・"),
            }
        }
        out.push('|');
        out.push_str(&notation::kanji_number(rank as u32 + 1));
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(
        out,
        "{sente}の持駒：{}",
        write_hand(start.hand(Side::Black))
    );
    if start.side_to_move() == Side::White {
        let _ = writeln!(out, "{gote}番");
    }
    if start.move_number() > 1 {
        let _ = writeln!(out, "手数＝{}", start.move_number() - 1);
    }
}

/// A move as KIF writes it: `７六歩(77)`, `同　銀(31)`, `５五角打`, `２二角成(88)`.
pub fn move_text(pos: &Position, m: Move, previous: Option<Move>) -> String {
    let mut out = if previous.is_some_and(|p| p.to() == m.to()) {
        "同\u{3000}".to_string()
    } else {
        japanese_square(m.to())
    };
    if let Some(kind) = m.dropped() {
        out.push_str(kind.kanji());
        out.push('打');
        return out;
    }
    let Some(from) = m.from() else {
        return m.to_string();
    };
    let Some(piece) = pos.piece_at(from) else {
        return m.to_string();
    };
    out.push_str(piece.kind.kanji());
    if m.promotes() {
        out.push('成');
    } else if pos.is_legal(Move::board(from, m.to(), true)) {
        out.push_str("不成");
    }
    let _ = write!(out, "({}{})", from.file_number(), from.rank_number());
    out
}

/// The width of text in half-width columns (full-width characters take two).
pub(super) fn columns(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The ending word for a record's last line, if the ending has one.
pub(super) fn ending_word(ending: Ending, to_move: Side) -> Option<&'static str> {
    Some(match ending {
        Ending::Recorded(RecordedEnd::Interrupted) => "中断",
        Ending::Recorded(RecordedEnd::Jishogi) => "持将棋",
        Ending::Recorded(RecordedEnd::Foul(loser)) if loser == to_move => "反則負け",
        Ending::Recorded(RecordedEnd::Foul(_)) => "反則勝ち",
        Ending::Game(Outcome::Win { reason, .. }) => match reason {
            WinReason::Checkmate => "詰み",
            WinReason::NoLegalMove => return None,
            WinReason::PerpetualCheck => "千日手",
            WinReason::Impasse(_) => "入玉勝ち",
            WinReason::Resignation => "投了",
            WinReason::Time => "切れ負け",
        },
        Ending::Game(Outcome::Draw(DrawReason::Sennichite)) => "千日手",
        Ending::Game(Outcome::Draw(DrawReason::MoveLimit(_))) => return None,
    })
}

/// A KIF record's variations as written: its lines from the first `変化：` on (what
/// [`Record::from_kif`] skips), without the blank lines after them, and whether one of them is
/// numbered as the move after the last of `record` (the record read from `text`): that one may
/// stand in place of the main line's ending word, so written after another main line the
/// variations need it to end there too (or go on past it). `None` when the text has no
/// `変化：` line. Nothing in them is checked: a page that keeps them as text writes them back
/// after [`Record::to_kif`] while its moves still begin with the record's ([`writes_ending`]).
pub fn variations(text: &str, record: &Record) -> Option<(String, bool)> {
    let lines = record_lines(text);
    let first = lines.iter().position(|line| {
        line.trim_start_matches(|c: char| is_pad(c) || c == '\u{feff}')
            .starts_with("変化")
    })?;
    let kept: Vec<&str> = lines[first..]
        .iter()
        .map(|line| line.trim_end_matches(is_pad))
        .collect();
    let after_last =
        record.game.start_position().move_number() as usize + record.game.moves().len();
    let at_end = kept
        .iter()
        .filter_map(|line| variation_number(line.trim_start_matches(is_pad)))
        .any(|number| number == after_last);
    Some((kept.join("\n").trim_end().to_string(), at_end))
}

/// Whether [`Record::to_kif`] ends the record's main line with an ending word (`投了`…), the
/// place a variation may stand instead ([`variations`]).
pub fn writes_ending(record: &Record) -> bool {
    let to_move = record.game.position().side_to_move();
    record
        .ending()
        .is_some_and(|ending| ending_word(ending, to_move).is_some())
}

/// Writes a KIF record's main line (module docs).
pub(in crate::record) fn write(record: &Record) -> String {
    write_lines::<false>(record, None)
}

/// Writes a KIF record with the variations of `tree` (module docs).
pub(in crate::record) fn write_tree(record: &Record, tree: &MoveTree<Move>) -> String {
    write_lines::<true>(record, Some(tree))
}

/// Writes a KIF record, with the variations of `tree` when `TREE` (a constant, so that the
/// main-line writer carries none of their code).
pub(super) fn write_lines<const TREE: bool>(
    record: &Record,
    tree: Option<&MoveTree<Move>>,
) -> String {
    let tree = if TREE { tree } else { None };
    let mut out = String::from("#KIF version=2.0 encoding=UTF-8\n");
    let handicap = record.is_handicap();
    for (name, value) in record.tags.iter() {
        if is_derived_kif_key(name) {
            continue;
        }
        let _ = writeln!(out, "{}：{}", header_name(name, handicap), one_line(value));
    }
    let game = &record.game;
    let start = game.start_position();
    match Handicap::from_sfen(&start.to_sfen()) {
        Some(h) => {
            let _ = writeln!(out, "手合割：{}", h.japanese());
        }
        None => write_diagram(&mut out, start, handicap),
    }
    if let Some(rules) = record.rules_header() {
        let _ = writeln!(out, "ルール：{rules}");
    }
    for comment in record.comments_after(0) {
        let _ = writeln!(out, "*{}", one_line(comment));
    }
    out.push_str(MOVES_HEADING);
    out.push('\n');
    let first_number = start.move_number() as usize;
    let mut totals = [0u64; 2];
    // The main line's moves in the tree (while the tree follows the game's moves), for the
    // variations branching there.
    let mut steps = Vec::new();
    let mut node = tree.map(|_| ROOT);
    for (i, (&m, before)) in game.moves().iter().zip(game.positions()).enumerate() {
        let previous = i.checked_sub(1).map(|p| game.moves()[p]);
        let text = move_text(before, m, previous);
        let mut marked = false;
        if let (Some(tree), Some(parent)) = (tree, node) {
            node = tree
                .children(parent)
                .iter()
                .copied()
                .find(|&c| tree.move_of(c) == Some(m));
            let step = Step {
                parent,
                node,
                before: *before,
                number: first_number + i,
            };
            marked = has_alternatives(tree, &step);
            steps.push(step);
        }
        let _ = write!(out, "{:>4} {text}", first_number + i);
        if let Some(seconds) = record.seconds_of(i + 1) {
            let side = before.side_to_move().index();
            totals[side] += seconds as u64;
            let total = totals[side];
            let pad = 13usize.saturating_sub(columns(&text)).max(1);
            let _ = write!(
                out,
                "{:pad$}({:>2}:{:02}/{:02}:{:02}:{:02})",
                "",
                seconds / 60,
                seconds % 60,
                total / 3600,
                total / 60 % 60,
                total % 60
            );
        }
        if marked {
            out.push('+');
        }
        out.push('\n');
        for comment in record.comments_after(i + 1) {
            let _ = writeln!(out, "*{}", one_line(comment));
        }
    }
    let plies = game.moves().len();
    let to_move = game.position().side_to_move();
    if let Some(ending) = record.ending() {
        if let Some(word) = ending_word(ending, to_move) {
            // The tree may hold moves in place of the ending word: its variations.
            let end_step = node.map(|parent| Step {
                parent,
                node: None,
                before: *game.position(),
                number: first_number + plies,
            });
            let marked = tree
                .zip(end_step.as_ref())
                .is_some_and(|(tree, step)| has_alternatives(tree, step));
            let _ = writeln!(
                out,
                "{:>4} {word}{}",
                first_number + plies,
                if marked { "+" } else { "" }
            );
            steps.extend(end_step);
        }
        let (sente, gote) = if handicap {
            ("下手", "上手")
        } else {
            ("先手", "後手")
        };
        let summary = match ending {
            Ending::Recorded(RecordedEnd::Interrupted) => "中断".to_string(),
            Ending::Recorded(RecordedEnd::Jishogi) => "持将棋".to_string(),
            Ending::Recorded(RecordedEnd::Foul(loser)) => {
                let winner = if loser == Side::Black { gote } else { sente };
                format!("{winner}の反則勝ち")
            }
            Ending::Game(Outcome::Win { winner, .. }) => {
                format!("{}の勝ち", if winner == Side::Black { sente } else { gote })
            }
            Ending::Game(Outcome::Draw(DrawReason::Sennichite)) => "千日手".to_string(),
            Ending::Game(Outcome::Draw(DrawReason::MoveLimit(_))) => "引き分け".to_string(),
        };
        let _ = writeln!(out, "まで{plies}手で{summary}");
    }
    if let Some(tree) = tree {
        write_variations(&mut out, tree, &steps, false);
    }
    out
}

/// A move of a line as written, for the variations branching in its place.
pub(super) struct Step {
    /// The node before it.
    parent: NodeId,
    /// Its node (`None`: the main line's ending word, or a move the tree does not hold).
    node: Option<NodeId>,
    /// The position before it.
    before: Position,
    /// Its number.
    number: usize,
}

/// The tree's alternatives to a step's move that a writer can write (legal ones).
pub(super) fn alternatives(tree: &MoveTree<Move>, step: &Step) -> Vec<NodeId> {
    tree.children(step.parent)
        .iter()
        .copied()
        .filter(|&c| Some(c) != step.node)
        .filter(|&c| tree.move_of(c).is_some_and(|m| step.before.is_legal(m)))
        .collect()
}

pub(super) fn has_alternatives(tree: &MoveTree<Move>, step: &Step) -> bool {
    !alternatives(tree, step).is_empty()
}

/// Writes the variations of a line's moves (module docs): from its last move back to its
/// first (not its first when the line is itself a variation: those are its siblings, which
/// its writer writes), each followed by its own.
pub(super) fn write_variations(
    out: &mut String,
    tree: &MoveTree<Move>,
    steps: &[Step],
    is_variation: bool,
) {
    for (k, step) in steps.iter().enumerate().rev() {
        if is_variation && k == 0 {
            continue;
        }
        let alternatives = alternatives(tree, step);
        for (j, &first) in alternatives.iter().enumerate() {
            let _ = write!(out, "\n変化：{}手\n", step.number);
            let marked = j + 1 < alternatives.len();
            let steps = write_variation(out, tree, step, first, marked);
            write_variations(out, tree, &steps, true);
        }
    }
}

/// Writes the line from `first`, an alternative to `replaced`'s move, along first
/// continuations (`marked`: its first move has alternatives written after it); returns its
/// steps. A move the rules refuse (a tree not made by playing) ends it there.
pub(super) fn write_variation(
    out: &mut String,
    tree: &MoveTree<Move>,
    replaced: &Step,
    first: NodeId,
    marked: bool,
) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let (mut parent, mut at) = (replaced.parent, first);
    let (mut position, mut number) = (replaced.before, replaced.number);
    let mut previous = tree.move_of(parent);
    while let Some(m) = tree.move_of(at).filter(|&m| position.is_legal(m)) {
        let step = Step {
            parent,
            node: Some(at),
            before: position,
            number,
        };
        let marked = if steps.is_empty() {
            marked
        } else {
            has_alternatives(tree, &step)
        };
        let text = move_text(&position, m, previous);
        let _ = writeln!(out, "{number:>4} {text}{}", if marked { "+" } else { "" });
        steps.push(step);
        position = position.after(m);
        previous = Some(m);
        number += 1;
        parent = at;
        match tree.children(at).first() {
            Some(&next) => at = next,
            None => break,
        }
    }
    steps
}
