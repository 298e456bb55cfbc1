/**
 * CSV as spreadsheets and learning platforms read and write it: comma-separated, fields quoted when
 * needed, CRLF line ends, a UTF-8 byte order mark so Excel on Windows reads "José Núñez" right.
 */

/** The byte order mark that tells Excel a CSV file is UTF-8. */
export const BOM = '\uFEFF';

/**
 * What makes a spreadsheet read a field as a formula: = + - @ (or their full-width forms, which some
 * spreadsheets take for them) first, even after spaces or invisible format characters that an
 * importer may trim, or a tab or carriage return first.
 */
const FORMULA_START = /^(?:[\s\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/u;

/** One field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, starting with the byte order mark and ending with a line end. */
export function toCsv(rows: Array<Array<string | number>>): string {
  return `${BOM}${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/**
 * Parses CSV text into rows of fields. A byte order mark is dropped; the separator is a comma, a
 * semicolon or a tab, whichever the first line has most of (spreadsheets in many countries write
 * semicolons). Quoted fields may hold separators, quotes and line breaks. Empty lines are skipped.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const separator = guessSeparator(text.split(/\r?\n/, 1)[0] ?? '');
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  const endRow = (): void => {
    fields.push(field);
    if (fields.some((value) => value !== '')) rows.push(fields);
    fields = [];
    field = '';
  };
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\n') endRow();
    else if (char !== '\r') field += char;
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}

/** The separator a header line uses most: comma, semicolon or tab. */
function guessSeparator(line: string): string {
  const counts = [',', ';', '\t'].map((separator) => ({ separator, count: line.split(separator).length - 1 }));
  return counts.reduce((best, candidate) => (candidate.count > best.count ? candidate : best)).separator;
}
