//! The two sides, the eight animals with their ranks, and a piece (an animal of a side).

use std::fmt;

/// One of the two players. Black starts on ranks 1–3 and moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// The side at the bottom (rank 1), written in uppercase; moves first.
    Black = 0,
    /// The side at the top (rank 9), written in lowercase.
    White = 1,
}

impl Side {
    /// Both sides, Black first.
    pub const ALL: [Side; 2] = [Side::Black, Side::White];

    /// 0 for Black, 1 for White.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// `b` or `w`, as in positions.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }

    /// `Black` or `White`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The eight animals, in rank order (the discriminant is rank − 1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Animal {
    /// Rank 1; swims, and takes the elephant from land.
    Rat = 0,
    /// Rank 2.
    Cat = 1,
    /// Rank 3.
    Dog = 2,
    /// Rank 4.
    Wolf = 3,
    /// Rank 5 (letter `P`, for panther).
    Leopard = 4,
    /// Rank 6; jumps the rivers.
    Tiger = 5,
    /// Rank 7; jumps the rivers.
    Lion = 6,
    /// Rank 8; cannot take the rat.
    Elephant = 7,
}

impl Animal {
    /// All animals, weakest first.
    pub const ALL: [Animal; 8] = [
        Animal::Rat,
        Animal::Cat,
        Animal::Dog,
        Animal::Wolf,
        Animal::Leopard,
        Animal::Tiger,
        Animal::Lion,
        Animal::Elephant,
    ];

    /// 0 (rat) … 7 (elephant).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The animal's rank, 1 (rat) … 8 (elephant).
    pub const fn rank(self) -> u8 {
        self as u8 + 1
    }

    /// The uppercase letter: `R C D W P T L E`.
    pub const fn letter(self) -> char {
        match self {
            Animal::Rat => 'R',
            Animal::Cat => 'C',
            Animal::Dog => 'D',
            Animal::Wolf => 'W',
            Animal::Leopard => 'P',
            Animal::Tiger => 'T',
            Animal::Lion => 'L',
            Animal::Elephant => 'E',
        }
    }

    /// The animal for a letter of either case.
    pub const fn from_letter(c: char) -> Option<Animal> {
        Some(match c.to_ascii_uppercase() {
            'R' => Animal::Rat,
            'C' => Animal::Cat,
            'D' => Animal::Dog,
            'W' => Animal::Wolf,
            'P' => Animal::Leopard,
            'T' => Animal::Tiger,
            'L' => Animal::Lion,
            'E' => Animal::Elephant,
            _ => return None,
        })
    }

    /// The English name in lowercase (`"rat"`).
    pub const fn name(self) -> &'static str {
        match self {
            Animal::Rat => "rat",
            Animal::Cat => "cat",
            Animal::Dog => "dog",
            Animal::Wolf => "wolf",
            Animal::Leopard => "leopard",
            Animal::Tiger => "tiger",
            Animal::Lion => "lion",
            Animal::Elephant => "elephant",
        }
    }

    /// Whether the animal jumps the rivers (lion and tiger).
    pub const fn jumps(self) -> bool {
        matches!(self, Animal::Lion | Animal::Tiger)
    }

    /// Whether the animal may enter the water (only the rat).
    pub const fn swims(self) -> bool {
        matches!(self, Animal::Rat)
    }
}

impl fmt::Display for Animal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An animal of one side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Whose animal it is.
    pub side: Side,
    /// Which animal.
    pub animal: Animal,
}

impl Piece {
    /// A piece of `side`.
    pub const fn new(side: Side, animal: Animal) -> Piece {
        Piece { side, animal }
    }

    /// The letter as written in positions: uppercase for Black, lowercase for White.
    pub const fn letter(self) -> char {
        let c = self.animal.letter();
        match self.side {
            Side::Black => c,
            Side::White => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a position letter (case gives the side).
    pub const fn from_letter(c: char) -> Option<Piece> {
        match Animal::from_letter(c) {
            Some(animal) if c.is_ascii_uppercase() => Some(Piece::new(Side::Black, animal)),
            Some(animal) => Some(Piece::new(Side::White, animal)),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.side, self.animal)
    }
}
