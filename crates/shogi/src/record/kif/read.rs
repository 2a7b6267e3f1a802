//! Reading KIF: the header and its board diagram, the moves with their times and comments, and
//! the variations (`変化：`) into the tree of moves.

use super::*;

/// Spaces a KIF line may pad with.
pub(super) fn is_pad(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{3000}')
}

/// A board diagram as read so far.
#[derive(Default)]
pub(super) struct Diagram {
    /// The first line of the diagram (for errors about it as a whole).
    line: Option<usize>,
    rows: Vec<[Option<Piece>; FILES as usize]>,
    hands: [Hand; 2],
    side: Option<Side>,
    plies_before: Option<u32>,
}

impl Diagram {
    fn touch(&mut self, line: usize) {
        self.line.get_or_insert(line);
    }
}

/// Reads a KIF record's main line (module docs).
pub(in crate::record) fn read(text: &str) -> Result<Record, RecordError> {
    read_lines::<false>(text).map(|(record, _)| record)
}

/// Reads a KIF record with its variations (module docs).
pub(in crate::record) fn read_tree(text: &str) -> Result<(Record, MoveTree<Move>), RecordError> {
    let (record, tree) = read_lines::<true>(text)?;
    let tree = tree.unwrap_or_else(|| MoveTree::from_line(record.game.moves()));
    Ok((record, tree))
}

/// Reads a KIF record, with its variations when `TREE` (a constant, so that the main-line
/// reader carries none of their code).
pub(super) fn read_lines<const TREE: bool>(
    text: &str,
) -> Result<(Record, Option<MoveTree<Move>>), RecordError> {
    let mut reader = Reader::default();
    let mut variations = Vec::new();
    for (i, raw) in record_lines(text).into_iter().enumerate() {
        let line = if i == 0 {
            raw.trim_start_matches('\u{feff}')
        } else {
            raw
        };
        let line = line.trim_end_matches(is_pad);
        // After the first 変化 the variations' lines are read, the others skipped, as the
        // main-line reader stops there.
        if TREE && (variation_line(&mut variations, i + 1, line)? || !variations.is_empty()) {
            continue;
        }
        reader.line(i + 1, line)?;
        if reader.in_variation {
            break; // (only without TREE: then variation_line takes every 変化 line)
        }
    }
    if !TREE {
        return Ok((reader.finish()?, None));
    }
    let rules = reading_rules(reader.rules.map(|(r, _)| r));
    let main_ended = reader.end.is_some();
    let record = reader.finish()?;
    let tree = variation_tree(&record, rules, main_ended, &variations)?;
    Ok((record, Some(tree)))
}

/// Reads `text` if it belongs to the variations (a `変化：` line, or a move or comment after
/// one): whether it did.
pub(super) fn variation_line(
    variations: &mut Vec<Variation>,
    number: usize,
    text: &str,
) -> Result<bool, RecordError> {
    let text = text.trim_start_matches(is_pad);
    if text.starts_with("変化") {
        let first = variation_number(text)
            .ok_or_else(|| error(number, RecordErrorKind::NotKif(truncate(text))))?;
        variations.push(Variation {
            line: number,
            number: first,
            moves: Vec::new(),
            ended: false,
        });
        return Ok(true);
    }
    let Some(variation) = variations.last_mut() else {
        return Ok(false);
    };
    if text.starts_with('*') {
        return Ok(true); // comments in variations are skipped
    }
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        variation.move_line(number, text)?;
        return Ok(true);
    }
    Ok(false)
}

#[derive(Default)]
pub(super) struct Reader {
    tags: Tags,
    handicap: Option<(String, usize)>,
    rules: Option<(Ruleset, usize)>,
    diagram: Diagram,
    game: Option<Game>,
    plies: Vec<Ply>,
    comments: Vec<(usize, String)>,
    seconds: Vec<Option<u32>>,
    end: Option<(Stated, String, usize)>,
    next_number: Option<usize>,
    /// A `変化：` line was read: the main line is over.
    in_variation: bool,
}

/// A `変化：N手` block as read: its moves as written, checked once the main line is known.
pub(super) struct Variation {
    /// The line of `変化：`.
    line: usize,
    /// N: the number of its first move.
    number: usize,
    /// Its moves: each line and move text.
    moves: Vec<(usize, String)>,
    /// It ends with an ending word.
    ended: bool,
}

impl Variation {
    fn move_line(&mut self, number: usize, text: &str) -> Result<(), RecordError> {
        let (found, move_text, _time) = move_parts(number, text)?;
        if self.ended {
            return Err(error(number, RecordErrorKind::AfterEnd(truncate(text))));
        }
        let expected = self.number + self.moves.len();
        if found != expected {
            return Err(error(
                number,
                RecordErrorKind::MoveNumber { found, expected },
            ));
        }
        if ENDINGS.iter().any(|(word, _)| *word == move_text) {
            self.ended = true;
        } else {
            self.moves.push((number, move_text.to_string()));
        }
        Ok(())
    }
}

/// The N of a `変化：N手` line (digits ASCII or full-width).
pub(super) fn variation_number(text: &str) -> Option<usize> {
    let rest = text.strip_prefix("変化")?;
    let rest = rest
        .strip_prefix('：')
        .or_else(|| rest.strip_prefix(':'))?
        .trim_start_matches(is_pad);
    let digits: String = rest
        .chars()
        .map_while(|c| match c {
            '0'..='9' => Some(c),
            '０'..='９' => char::from_digit(c as u32 - '０' as u32, 10),
            _ => None,
        })
        .collect();
    let after = &rest[rest
        .char_indices()
        .nth(digits.chars().count())
        .map_or(rest.len(), |(i, _)| i)..];
    if !after.trim_matches(is_pad).starts_with('手') {
        return None;
    }
    digits.parse().ok().filter(|&n| (1..1_000_000).contains(&n))
}

/// A move line's number, move text and time (`( 0:12/00:01:03)`), the `+` that marks a move
/// with variations dropped.
pub(super) fn move_parts(
    number: usize,
    text: &str,
) -> Result<(usize, &str, Option<&str>), RecordError> {
    let digits_end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let found: usize = text[..digits_end]
        .parse()
        .ok()
        .filter(|&n| n < 1_000_000)
        .ok_or_else(|| error(number, RecordErrorKind::NotKif(truncate(text))))?;
    let rest = text[digits_end..].trim_start_matches(is_pad);
    if rest.len() == text[digits_end..].len() || rest.is_empty() {
        return Err(error(number, RecordErrorKind::NotKif(truncate(text))));
    }
    let rest = rest.trim_end_matches(is_pad);
    let rest = rest.strip_suffix('+').unwrap_or(rest);
    let (move_text, time) = split_time(rest);
    let move_text = move_text.trim_end_matches(is_pad);
    let move_text = move_text.strip_suffix('+').unwrap_or(move_text);
    Ok((found, move_text, time))
}

/// Reads a KIF move from where `game` stands (its last move is the one `同` refers to).
pub(super) fn read_move(game: &Game, text: &str, line: usize) -> Result<Move, RecordError> {
    let ply = game.moves().len() + 1;
    let previous = game.moves().last().copied();
    notation::parse_japanese(game.position(), text, previous).map_err(|e| {
        let kind = match e {
            NotationError::Illegal { text, error } => {
                RecordErrorKind::IllegalMove { ply, text, error }
            }
            other => RecordErrorKind::BadMove { ply, error: other },
        };
        error(line, kind)
    })
}

impl Reader {
    fn line(&mut self, number: usize, line: &str) -> Result<(), RecordError> {
        let text = line.trim_start_matches(is_pad);
        let fail = |kind| Err(error(number, kind));
        if text.is_empty() || text.starts_with('#') || text.starts_with('&') {
            return Ok(());
        }
        if let Some(comment) = text.strip_prefix('*') {
            self.comments.push((self.plies.len(), comment.to_string()));
            return Ok(());
        }
        if text.starts_with("変化") {
            self.in_variation = true;
            return Ok(());
        }
        if text.starts_with("まで") || text.starts_with("手数--") {
            return Ok(());
        }
        if text.starts_with(|c: char| c.is_ascii_digit()) {
            return self.move_line(number, text);
        }
        let diagram_line = self.diagram_line(number, text)?;
        if diagram_line {
            if self.game.is_some() {
                return fail(RecordErrorKind::NotKif(truncate(text)));
            }
            return Ok(());
        }
        let Some((key, value)) = text
            .split_once('：')
            .or_else(|| text.split_once(':'))
            .map(|(k, v)| (k.trim_matches(is_pad), v.trim_matches(is_pad)))
            .filter(|(k, _)| !k.is_empty())
        else {
            return fail(RecordErrorKind::NotKif(truncate(text)));
        };
        match key {
            "手合割" => self.handicap = Some((value.to_string(), number)),
            "ルール" => {
                let rules =
                    Ruleset::parse(value).map_err(|e| error(number, RecordErrorKind::Rules(e)))?;
                self.rules = Some((rules, number));
            }
            _ => {
                let name = match key {
                    "下手" => "Sente",
                    "上手" => "Gote",
                    _ => TAG_NAMES
                        .iter()
                        .find(|(_, kif, _)| *kif == key)
                        .map_or(key, |(tag, _, _)| tag),
                };
                self.tags.push(name, value);
            }
        }
        Ok(())
    }

    /// Reads `text` as a line of a board diagram; `false` when it is none.
    fn diagram_line(&mut self, number: usize, text: &str) -> Result<bool, RecordError> {
        let d = &mut self.diagram;
        for (prefix, side) in [
            ("後手の持駒", Side::White),
            ("上手の持駒", Side::White),
            ("先手の持駒", Side::Black),
            ("下手の持駒", Side::Black),
        ] {
            if let Some(rest) = text.strip_prefix(prefix) {
                let list = rest
                    .strip_prefix('：')
                    .or_else(|| rest.strip_prefix(':'))
                    .unwrap_or(rest);
                d.touch(number);
                d.hands[side.index()] = read_hand(list)
                    .ok_or_else(|| error(number, RecordErrorKind::BadHand(truncate(list))))?;
                return Ok(true);
            }
        }
        match text {
            "先手番" | "下手番" => {
                d.touch(number);
                d.side = Some(Side::Black);
                return Ok(true);
            }
            "後手番" | "上手番" => {
                d.touch(number);
                d.side = Some(Side::White);
                return Ok(true);
            }
            _ => {}
        }
        if let Some(rest) = text.strip_prefix("手数＝") {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let plies = digits
                .parse::<u32>()
                .ok()
                .filter(|&n| n < 1_000_000)
                .ok_or_else(|| error(number, RecordErrorKind::NotKif(truncate(text))))?;
            d.touch(number);
            d.plies_before = Some(plies);
            return Ok(true);
        }
        if text.starts_with('+') && text.chars().all(|c| c == '+' || c == '-') {
            d.touch(number);
            return Ok(true);
        }
        if text
            .chars()
            .all(|c| is_pad(c) || ('１'..='９').contains(&c))
        {
            d.touch(number);
            return Ok(true);
        }
        if let Some(rest) = text.strip_prefix('|') {
            d.touch(number);
            let bad = || error(number, RecordErrorKind::BadRow(truncate(text)));
            let (cells, _) = rest.split_once('|').ok_or_else(bad)?;
            let row = read_row(cells).ok_or_else(bad)?;
            if d.rows.len() >= RANKS as usize {
                return Err(error(number, RecordErrorKind::RowCount(d.rows.len() + 1)));
            }
            d.rows.push(row);
            return Ok(true);
        }
        Ok(false)
    }

    /// The start position, fixed when the first move (or the end) is reached.
    fn start(&self) -> Result<Position, RecordError> {
        let d = &self.diagram;
        if let Some(first) = d.line {
            if d.rows.len() != RANKS as usize {
                return Err(error(first, RecordErrorKind::RowCount(d.rows.len())));
            }
            let mut setup = Setup::empty();
            for (rank, row) in d.rows.iter().enumerate() {
                for (column, piece) in row.iter().enumerate() {
                    let file = FILES as usize - 1 - column;
                    let sq = Square::from_coords(file as i8, rank as i8).expect("on the board");
                    setup.board[sq.index()] = *piece;
                }
            }
            setup.hands = d.hands;
            setup.side_to_move = d.side.unwrap_or(Side::Black);
            setup.move_number = d.plies_before.unwrap_or(0) + 1;
            return Position::from_setup(&setup)
                .map_err(|e| error(first, RecordErrorKind::Position(e)));
        }
        match &self.handicap {
            Some((name, line)) => {
                let handicap = Handicap::from_japanese(name).ok_or_else(|| {
                    error(*line, RecordErrorKind::UnknownHandicap(truncate(name)))
                })?;
                Position::from_sfen(handicap.sfen())
                    .map_err(|e| error(*line, RecordErrorKind::Position(e)))
            }
            None => Ok(Position::start()),
        }
    }

    fn move_line(&mut self, number: usize, text: &str) -> Result<(), RecordError> {
        let (found, move_text, time) = move_parts(number, text)?;
        if self.end.is_some() {
            return Err(error(number, RecordErrorKind::AfterEnd(truncate(text))));
        }
        let expected = self.next_number.unwrap_or(found);
        if found != expected {
            return Err(error(
                number,
                RecordErrorKind::MoveNumber { found, expected },
            ));
        }
        self.next_number = Some(found + 1);
        let seconds = match time {
            Some(time) => Some(
                read_time(time)
                    .ok_or_else(|| error(number, RecordErrorKind::BadTime(truncate(time))))?,
            ),
            None => None,
        };
        if self.game.is_none() {
            let start = self.start()?;
            let rules = reading_rules(self.rules.map(|(r, _)| r));
            self.game = Some(Game::from_position(start, rules));
        }
        if let Some(&(_, stated)) = ENDINGS.iter().find(|(word, _)| *word == move_text) {
            self.end = Some((stated, move_text.to_string(), number));
            return Ok(());
        }
        if ["不詰", "封じ手"].contains(&move_text) {
            return Err(error(
                number,
                RecordErrorKind::UnknownEnding(truncate(move_text)),
            ));
        }
        let game = self.game.as_mut().expect("started above");
        let played = read_move(game, move_text, number)?;
        self.plies.push(Ply::play(game, played, number, move_text)?);
        self.seconds.push(seconds);
        Ok(())
    }

    fn finish(self) -> Result<Record, RecordError> {
        let start = match &self.game {
            Some(game) => *game.start_position(),
            None => self.start()?,
        };
        Draft {
            tags: self.tags,
            start,
            rules: self.rules,
            plies: self.plies,
            comments: self.comments,
            seconds: self.seconds,
            end: self.end,
        }
        .finish()
    }
}

/// A line of the tree while variations are read: where it branches and its moves.
pub(super) struct Line {
    /// The number of its first move.
    first: usize,
    /// The node it branches from.
    parent: NodeId,
    /// Its moves' nodes.
    nodes: Vec<NodeId>,
    /// It ends with an ending word (one more move number a variation may replace).
    ended: bool,
}

/// The record's moves with the variations read, each placed by the stack of lines (module
/// docs) and its moves checked by the rules (`rules`: those the moves were read under).
pub(super) fn variation_tree(
    record: &Record,
    rules: Ruleset,
    main_ended: bool,
    variations: &[Variation],
) -> Result<MoveTree<Move>, RecordError> {
    let start = *record.game.start_position();
    let mut tree = MoveTree::from_line(record.game.moves());
    let mut main = Vec::new();
    let mut at = ROOT;
    while let Some(&next) = tree.children(at).first() {
        main.push(next);
        at = next;
    }
    let mut lines = vec![Line {
        first: start.move_number() as usize,
        parent: ROOT,
        nodes: main,
        ended: main_ended,
    }];
    for variation in variations {
        while lines.len() > 1 && lines.last().is_some_and(|l| l.first > variation.number) {
            lines.pop();
        }
        let line = lines.last().expect("the main line stays");
        let slots = line.nodes.len() + usize::from(line.ended);
        let index = variation
            .number
            .checked_sub(line.first)
            .filter(|&i| i < slots)
            .ok_or_else(|| {
                error(
                    variation.line,
                    RecordErrorKind::VariationOutsideLine {
                        number: variation.number,
                        first: line.first,
                        last: (line.first + slots).saturating_sub(1),
                    },
                )
            })?;
        let parent = match index {
            0 => line.parent,
            i => line.nodes[i - 1],
        };
        let mut game = Game::from_position(start, rules);
        for m in tree.path_to(parent).unwrap_or_default() {
            // The tree's moves were checked as they were read.
            let _ = game.play(m);
        }
        tree.go_to(parent);
        let mut nodes = Vec::new();
        for (number, text) in &variation.moves {
            let played = read_move(&game, text, *number)?;
            Ply::play(&mut game, played, *number, text)?;
            tree.play(played);
            nodes.push(tree.current());
        }
        if !nodes.is_empty() || variation.ended {
            lines.push(Line {
                first: variation.number,
                parent,
                nodes,
                ended: variation.ended,
            });
        }
    }
    tree.to_start();
    Ok(tree)
}

/// Splits a move line's rest into the move and its time in parentheses (the last `(` whose
/// contents hold a `:`), if any.
pub(super) fn split_time(rest: &str) -> (&str, Option<&str>) {
    if let Some(open) = rest.rfind('(') {
        if rest[open..].contains(':') {
            return (&rest[..open], Some(&rest[open..]));
        }
    }
    (rest, None)
}

/// The seconds of a time `( m:ss/hh:mm:ss)` (the part after `/` may be missing).
pub(super) fn read_time(time: &str) -> Option<u32> {
    let inner = time
        .strip_prefix('(')?
        .trim_end_matches(is_pad)
        .strip_suffix(')')?;
    let (own, total) = match inner.split_once('/') {
        Some((own, total)) => (own, Some(total)),
        None => (inner, None),
    };
    let (minutes, seconds) = own.trim().split_once(':')?;
    let minutes: u32 = minutes.trim().parse().ok().filter(|&m| m < 100_000)?;
    let seconds: u32 = seconds.trim().parse().ok().filter(|&s| s < 60)?;
    if let Some(total) = total {
        let parts: Vec<&str> = total.trim().split(':').collect();
        let numbers_ok = parts.len() == 3 && parts.iter().all(|p| p.trim().parse::<u32>().is_ok());
        if !numbers_ok {
            return None;
        }
    }
    Some(minutes * 60 + seconds)
}

/// A hand list: `なし`, or names with kanji (or ASCII) counts separated by spaces.
pub(super) fn read_hand(list: &str) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    let list = list.trim_matches(is_pad);
    if list == "なし" || list.is_empty() {
        return Some(hand);
    }
    for item in list.split(is_pad).filter(|s| !s.is_empty()) {
        let mut chars = item.chars();
        let kind = board_kind(chars.next()?).filter(|k| k.is_hand_kind())?;
        let count_text = chars.as_str();
        let count = if count_text.is_empty() {
            1
        } else {
            notation::parse_kanji_number(count_text)
                .or_else(|| count_text.parse().ok())
                .filter(|&n| (1..=18).contains(&n))?
        };
        let total = hand.count(kind) as u32 + count;
        if total > 18 {
            return None;
        }
        hand.set(kind, total as u8);
    }
    Some(hand)
}

/// The nine cells of a board row, file 9 first.
pub(super) fn read_row(cells: &str) -> Option<[Option<Piece>; FILES as usize]> {
    let chars: Vec<char> = cells.chars().collect();
    if chars.len() != 2 * FILES as usize {
        return None;
    }
    let mut row = [None; FILES as usize];
    for (column, pair) in chars.chunks(2).enumerate() {
        row[column] = match (pair[0], pair[1]) {
            (' ' | '\u{3000}', '・') => None,
            (mark @ (' ' | '\u{3000}' | 'v'), c) => {
                let side = if mark == 'v' {
                    Side::White
                } else {
                    Side::Black
                };
                Some(Piece::new(side, board_kind(c)?))
            }
            _ => return None,
        };
    }
    Some(row)
}

// ---------------------------------------------------------------------------------------------
// Writing
