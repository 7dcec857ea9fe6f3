//! Counting bits: the one bit trick that both the ranking and the pattern
//! databases (counting free cells below the blank) stand on.

/// The number of set bits of `x`, by two look-ups in a 256-entry table.
///
/// `u16::count_ones` compiles to a dozen instructions on the baseline x86-64
/// target that judges build for (it has no POPCNT instruction), and ranking
/// counts bits in its innermost loops.
///
/// ```
/// assert_eq!(slide_core::count_ones_16(0b1011_0000_0000_0001), 4);
/// ```
#[inline]
pub fn count_ones_16(x: u16) -> u32 {
    (ONES[(x & 0xFF) as usize] + ONES[(x >> 8) as usize]) as u32
}

/// `ONES[b]`: the number of set bits of the byte `b`.
const ONES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 1;
    while b < 256 {
        table[b] = table[b / 2] + (b % 2) as u8;
        b += 1;
    }
    table
};
