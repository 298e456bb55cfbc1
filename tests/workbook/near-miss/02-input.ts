import type { NearMiss } from './near-miss.ts';

export const nearMisses: NearMiss[] = [
  {
    name: 'gives-up-after-8',
    breaks: 'askMove asks again after every rejected line until one is valid or input ends; this gives up and returns null after eight wrong lines',
    file: 'input.ts',
    edits: [
      ['  while (true) {\n    const line = io.input(prompt);', '  for (let tries = 0; tries < 8; tries += 1) {\n    const line = io.input(prompt);'],
      ['    io.print(result.error);\n  }\n', '    io.print(result.error);\n  }\n  return null;\n'],
    ],
  },
  {
    name: 'python-strip',
    breaks:
      'only the white space raw.trim() removes around a number is ignored; this strips what Python\'s strip() does too (\\x1c to \\x1f and \\x85), so "\\x855" is read as cell 5',
    file: 'input.ts',
    edits: [
      [
        '  const text = raw.trim();\n  if (!isWholeNumber(text)) {',
        "  const text = raw.replace(/^[\\s\\x1c-\\x1f\\x85]+|[\\s\\x1c-\\x1f\\x85]+$/g, '');\n  if (!isWholeNumber(text)) {",
      ],
    ],
  },
  {
    name: 'strips-spaces-and-tabs-only',
    breaks:
      'all the white space raw.trim() removes around a number is ignored (line ends, no-break spaces, the byte order mark too); this strips only spaces and tabs, so "5\\r", typed on Windows, is not a whole number',
    file: 'input.ts',
    edits: [
      ['  const text = raw.trim();\n  if (!isWholeNumber(text)) {', "  const text = raw.replace(/^[ \\t]+|[ \\t]+$/g, '');\n  if (!isWholeNumber(text)) {"],
    ],
  },
  {
    name: 'wraps-at-32-bits',
    breaks:
      'a whole number above 9 is out of range, however long; this converts with Number(text) | 0, so 4294967301 (2^32 + 5) wraps round to 5 and becomes a move on cell 5',
    file: 'input.ts',
    edits: [['  const number = Number(text);\n  if (number < 1 || number > 9) {', '  const number = Number(text) | 0;\n  if (number < 1 || number > 9) {']],
  },
  {
    name: 'multiline-digit-check',
    breaks:
      'a whole number is digits and nothing else; this checks the text with /^[0-9]+$/m, whose m flag lets ^ and $ match at every line end, so "5\\nx" passes the check (and is then called "taken")',
    file: 'input.ts',
    edits: [['const DIGITS_ONLY = /^[0-9]+$/;', 'const DIGITS_ONLY = /^[0-9]+$/m;']],
  },
  {
    name: 'coordinates-without-leading-zeros',
    breaks:
      'a whole number is one or more of the ten digits, so a leading zero is fine; this parseCoordinates takes a part with a leading zero ("01 3") for not a whole number',
    file: 'input.ts',
    edits: [
      [
        '  if (!isWholeNumber(rowText) || !isWholeNumber(colText)) {',
        '  const noLeadingZero = /^(0|[1-9][0-9]*)$/;\n  if (!noLeadingZero.test(rowText) || !noLeadingZero.test(colText)) {',
      ],
    ],
  },
  {
    name: 'parse-cached-per-board',
    breaks:
      'parseMove answers about the board as it is now; this remembers its answer per board object and line, so once a cell was free it stays free on that board, even after a mark was placed there in place',
    file: 'input.ts',
    edits: [
      [
        'export function parseMove(raw: string, board: Board): MoveResult {\n',
        'export function parseMove(raw: string, board: Board): MoveResult {\n  const known = answers.get(board)?.get(raw);\n  if (known !== undefined) return known;\n  const answer = freshMove(raw, board);\n  if (!answers.has(board)) answers.set(board, new Map());\n  answers.get(board)?.set(raw, answer);\n  return answer;\n}\n\nconst answers = new WeakMap<Board, Map<string, MoveResult>>();\n\nfunction freshMove(raw: string, board: Board): MoveResult {\n',
      ],
    ],
  },
  {
    name: 'no-long-lines',
    breaks: 'a whole number may have any number of digits (leading zeros included); this one refuses lines longer than 500 characters as no whole number',
    file: 'input.ts',
    edits: [['  if (!isWholeNumber(text)) {', '  if (text.length > 500 || !isWholeNumber(text)) {']],
  },
];
