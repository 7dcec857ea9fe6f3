//! The moves of the blank, and paths written as letters.

use std::fmt;

/// A direction in which the blank travels; it swaps with the tile on that side.
///
/// The discriminants follow Korf's order (up, left, right, down), which is the
/// order the searches try moves in by default. They are chosen so that the
/// move undoing `m` is `3 - m`: up and down add up to 3, and so do left and
/// right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The blank moves one row up.
    Up = 0,
    /// The blank moves one column left.
    Left = 1,
    /// The blank moves one column right.
    Right = 2,
    /// The blank moves one row down.
    Down = 3,
}

/// The "last move" of a board that no move made: a search's roots.
///
/// Searches keep the index of the move that made a board (`Move as u8`) in
/// four bits, so that the move undoing it can be skipped without a look-up;
/// this value, outside `0..4`, marks that there is none (see [`Move::undoes`]).
pub const NO_MOVE: u8 = 15;

impl Move {
    /// All four moves, in the order the searches try them.
    pub const ALL: [Move; 4] = [Move::Up, Move::Left, Move::Right, Move::Down];

    /// The move with the given index in [`Move::ALL`].
    ///
    /// # Panics
    /// Panics if `index >= 4`.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::from_index(3), Move::Down);
    /// ```
    #[inline]
    pub fn from_index(index: usize) -> Move {
        Move::ALL[index]
    }

    /// The move that undoes this one.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::Up.reverse(), Move::Down);
    /// assert_eq!(Move::Left.reverse(), Move::Right);
    /// ```
    #[inline]
    pub fn reverse(self) -> Move {
        // Up + Down = Left + Right = 3 (see the enum's documentation).
        Move::ALL[3 - self as usize]
    }

    /// The same move on the board transposed (rows and columns swapped):
    /// the blank's step up is a step left there, down a step right.
    ///
    /// Up, Left, Right, Down are 0, 1, 2, 3: the pairs are 0 and 1, 2 and 3,
    /// so flipping the low bit swaps each.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::Up.transposed(), Move::Left);
    /// assert_eq!(Move::Right.transposed(), Move::Down);
    /// ```
    #[inline]
    pub fn transposed(self) -> Move {
        Move::ALL[self as usize ^ 1]
    }

    /// Whether the move with index `mv` undoes the move with index `last`
    /// (`NO_MOVE` when there was none): the one rule every search uses to
    /// skip the child that is its own grandparent.
    ///
    /// Moves `m` and `3 - m` undo each other, so the test is one addition;
    /// [`NO_MOVE`] is too large to add up to 3 with any move.
    ///
    /// ```
    /// use slide_core::{Move, NO_MOVE};
    /// assert!(Move::undoes(Move::Down as u8, Move::Up as u8));
    /// assert!(!Move::undoes(Move::Left as u8, Move::Up as u8));
    /// assert!(!Move::undoes(Move::Down as u8, NO_MOVE));
    /// ```
    #[inline]
    pub const fn undoes(mv: u8, last: u8) -> bool {
        mv + last == 3
    }

    /// The judges' lower-case letter for this move: `u`, `l`, `r` or `d`.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::Left.letter(), 'l');
    /// ```
    #[inline]
    pub fn letter(self) -> char {
        ['u', 'l', 'r', 'd'][self as usize]
    }

    /// The move written by a letter `u`, `d`, `l` or `r`, in either case.
    ///
    /// ```
    /// use slide_core::Move;
    /// assert_eq!(Move::from_letter('D'), Some(Move::Down));
    /// assert_eq!(Move::from_letter('x'), None);
    /// ```
    pub fn from_letter(letter: char) -> Option<Move> {
        match letter.to_ascii_lowercase() {
            'u' => Some(Move::Up),
            'l' => Some(Move::Left),
            'r' => Some(Move::Right),
            'd' => Some(Move::Down),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// Writes a move sequence as a string of letters, such as `"ullddr"`.
///
/// ```
/// use slide_core::{path_string, Move};
/// assert_eq!(path_string(&[Move::Up, Move::Left]), "ul");
/// ```
pub fn path_string(path: &[Move]) -> String {
    path.iter().map(|m| m.letter()).collect()
}

/// `path` read backwards, each move undone: the way back from where it
/// ends to where it began.
///
/// ```
/// use slide_core::{undone, Move::*};
/// assert_eq!(undone(&[Up, Left]).collect::<Vec<_>>(), [Right, Down]);
/// ```
#[inline]
pub fn undone(path: &[Move]) -> impl Iterator<Item = Move> + '_ {
    path.iter().rev().map(|mv| mv.reverse())
}

/// An order of the four moves, as a judge ranks their letters: with `dlru`,
/// `d < l < r < u`. Searches try moves in this order, and among the
/// shortest paths the one they return comes first in it. The case the order
/// is written in is the case its paths are written in.
///
/// ```
/// use slide_core::{Move, MoveOrder};
/// let order = MoveOrder::parse("DLRU").unwrap();
/// assert_eq!(order.moves(), [Move::Down, Move::Left, Move::Right, Move::Up]);
/// assert_eq!(order.write(&[Move::Up, Move::Left]), "UL");
/// assert!(MoveOrder::parse("dlrd").is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveOrder {
    moves: [Move; 4],
    upper: bool,
}

impl MoveOrder {
    /// Korf's order, `ulrd`: the searches' default.
    pub const KORF: MoveOrder = MoveOrder {
        moves: Move::ALL,
        upper: false,
    };

    /// The order written as its four letters, each of `u d l r` once, all
    /// lower case or all capitals.
    pub fn parse(text: &str) -> Result<MoveOrder, String> {
        let refuse = || {
            format!(
                "the move order '{}' must name each of u, d, l and r once, all in one case (such as dlru)",
                crate::parse::quoted(text)
            )
        };
        let letters: Vec<char> = text.chars().collect();
        let upper = letters.iter().all(char::is_ascii_uppercase);
        let lower = letters.iter().all(char::is_ascii_lowercase);
        if letters.len() != 4 || !(upper || lower) {
            return Err(refuse());
        }
        let mut moves = [Move::Up; 4];
        for (slot, &letter) in moves.iter_mut().zip(&letters) {
            *slot = Move::from_letter(letter).ok_or_else(refuse)?;
        }
        if (0..4).any(|i| moves[i + 1..].contains(&moves[i])) {
            return Err(refuse());
        }
        Ok(MoveOrder { moves, upper })
    }

    /// The moves, first to last.
    #[inline]
    pub fn moves(self) -> [Move; 4] {
        self.moves
    }

    /// `path` written in this order's case.
    pub fn write(self, path: &[Move]) -> String {
        let text = path_string(path);
        if self.upper {
            text.to_uppercase()
        } else {
            text
        }
    }
}

/// Why a text is not a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathError {
    /// The character's position, from 1.
    pub position: usize,
    /// The character.
    pub found: char,
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "character {}: '{}' is not a move: write u, d, l or r (or capitals)",
            self.position,
            self.found.escape_debug()
        )
    }
}

impl std::error::Error for PathError {}

/// Reads a path written as letters, the inverse of [`path_string`]: `u d l r`
/// in either case, nothing else.
///
/// ```
/// use slide_core::{parse_path, path_string, Move};
/// assert_eq!(parse_path("uL"), Ok(vec![Move::Up, Move::Left]));
/// assert_eq!(path_string(&parse_path("rrdd").unwrap()), "rrdd");
/// assert_eq!(parse_path("ux").unwrap_err().to_string(), "character 2: 'x' is not a move: write u, d, l or r (or capitals)");
/// ```
pub fn parse_path(text: &str) -> Result<Vec<Move>, PathError> {
    text.chars()
        .enumerate()
        .map(|(i, c)| {
            Move::from_letter(c).ok_or(PathError {
                position: i + 1,
                found: c,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for mv in Move::ALL {
            assert_eq!(Move::from_letter(mv.letter()), Some(mv));
            assert_eq!(Move::from_index(mv as usize), mv);
            assert!(Move::undoes(mv.reverse() as u8, mv as u8));
            for other in Move::ALL.into_iter().filter(|&o| o != mv.reverse()) {
                assert!(!Move::undoes(other as u8, mv as u8));
            }
        }
    }
}
