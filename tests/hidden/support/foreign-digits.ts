/**
 * The digits of every other writing system: Unicode's decimal digits (\p{Nd}) that are not the ten
 * ASCII ones, as data. They come in runs of ten, 0 to 9, so the data is the code point of each run's
 * zero; tests/workbook/hidden.test.ts checks it against what this Node's Unicode tables give
 * (digitsOfUnicode), so a Node that knows more writing systems makes it fail until the list is
 * written again. Nothing here imports vitest or student code.
 */

/** The zero of each run of ten foreign decimal digits, in code point order. */
export const FOREIGN_ZEROS: readonly number[] = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946,
  0x19d0, 0x1a80, 0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30, 0x10d40, 0x11066,
  0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0, 0x116d0, 0x116da, 0x11730, 0x118e0, 0x11950, 0x11bf0, 0x11c50, 0x11d50, 0x11da0,
  0x11de0, 0x11f50, 0x16130, 0x16a60, 0x16ac0, 0x16b50, 0x16d70, 0x1ccf0, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0, 0x1e4f0, 0x1e5f1,
  0x1e950, 0x1fbf0,
];

/** Every foreign decimal digit, 0 to 9 of each writing system, in code point order. */
export function foreignDigits(): string[] {
  return FOREIGN_ZEROS.flatMap((zero) => Array.from({ length: 10 }, (_, digit) => String.fromCodePoint(zero + digit)));
}

/** Every decimal digit above U+007F that this Node's Unicode tables know, in code point order (about 130,000 characters read). */
export function digitsOfUnicode(): string[] {
  const found: string[] = [];
  for (let code = 0x80; code <= 0x1ffff; code += 1) {
    const character = String.fromCodePoint(code);
    if (/\p{Nd}/u.test(character)) found.push(character);
  }
  return found;
}
