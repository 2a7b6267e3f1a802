//! Shift_JIS as Windows writes it (CP932: JIS X 0208 with the NEC and IBM extensions), the
//! encoding of most KIF and older CSA files, decoded without an encoding crate.
//!
//! The double-byte table (`cp932.bin`, 17 KB, 14 KB gzipped) was written by
//! `tools/cp932-table.py` from Python's own codec, which the script can check it against. It is
//! referenced only from [`decode`], so a build that never decodes bytes (the browser, which has
//! `TextDecoder`) links none of it.

/// The double-byte table: a count N, N lead bytes, then 188 little-endian code points per lead
/// (trail bytes 0x40–0x7E, 0x80–0xFC; 0 for none).
const TABLE: &[u8] = include_bytes!("cp932.bin");

/// Trail bytes per lead byte.
const TRAILS: usize = 188;

/// The text of `bytes` read as Shift_JIS (CP932); `Err` holds the offset of the first byte that
/// is not part of a valid character.
pub fn decode(bytes: &[u8]) -> Result<String, usize> {
    let lead_count = TABLE[0] as usize;
    let leads = &TABLE[1..1 + lead_count];
    let rows = &TABLE[1 + lead_count..];
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        match byte {
            0x00..=0x7F => {
                out.push(byte as char);
                i += 1;
            }
            // Half-width katakana.
            0xA1..=0xDF => {
                out.push(char::from_u32(0xFF61 + (byte - 0xA1) as u32).ok_or(i)?);
                i += 1;
            }
            0x81..=0x9F | 0xE0..=0xFC => {
                let trail = *bytes.get(i + 1).ok_or(i)?;
                let column = match trail {
                    0x40..=0x7E => (trail - 0x40) as usize,
                    0x80..=0xFC => (trail - 0x41) as usize,
                    _ => return Err(i),
                };
                let point = if (0xF0..=0xF9).contains(&byte) {
                    // The user-defined area maps in order onto the private use area.
                    0xE000 + (byte - 0xF0) as u32 * TRAILS as u32 + column as u32
                } else {
                    let row = leads.iter().position(|&l| l == byte).ok_or(i)?;
                    let at = (row * TRAILS + column) * 2;
                    u16::from_le_bytes([rows[at], rows[at + 1]]) as u32
                };
                if point == 0 {
                    return Err(i);
                }
                out.push(char::from_u32(point).ok_or(i)?);
                i += 2;
            }
            _ => return Err(i),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::decode;

    /// Bytes from Python's `str.encode('cp932')`, an encoder independent of this decoder.
    #[test]
    fn record_text_decodes() {
        let cases: [(&[u8], &str); 5] = [
            (b"\x82\x56\x98\x5a\x95\xe0\x28\x37\x37\x29", "７六歩(77)"),
            (b"\x93\xaf\x81\x40\x95\xe0", "同　歩"),
            (b"\x81\xa3\x82\xa0", "▲あ"),
            (b"\x8f\xab\x8a\xfb", "将棋"),
            (b"a\xb1\\~", "aｱ\\~"),
        ];
        for (bytes, text) in cases {
            assert_eq!(decode(bytes).as_deref(), Ok(text));
        }
        assert_eq!(decode(b"\xf0\x40").as_deref(), Ok("\u{e000}"));
    }

    #[test]
    fn broken_bytes_are_found() {
        assert_eq!(decode(b"ab\x82"), Err(2), "a lead byte at the end");
        assert_eq!(decode(b"\x82\x20"), Err(0), "a trail byte out of range");
        assert_eq!(decode(b"x\x80"), Err(1), "not a lead byte");
        assert_eq!(decode(b"\x85\x40"), Err(0), "an empty row");
        assert_eq!(decode(b"\x82\xf2"), Err(0), "an unmapped cell");
    }
}
