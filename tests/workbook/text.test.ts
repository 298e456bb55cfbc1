import { describe, expect, it } from 'vitest';
import { printable, visible } from '../../scripts/lib/core/text.ts';

describe('text a hand-in controls', () => {
  it('visible() shows escapes, bells, carriage returns and 8-bit controls, and keeps line ends and tabs', () => {
    const written = 'a\u001b]0;title\u0007b\r\n\tc\u009b31m\u202Ed\u007f';
    expect(visible(written)).toBe('a␛]0;title␇b␍\n\tc<U+009B>31m<U+202E>d␡');
  });

  it('visible() keeps the joiners that scripts need to write words', () => {
    expect(visible('می\u200Cخواهم 👍\uFE0F')).toBe('می\u200Cخواهم 👍\uFE0F');
  });

  it('printable() turns every control character of a name into ?', () => {
    expect(printable('Ann\u001b[2JLee\n')).toBe('Ann?[2JLee?');
  });
});
