/**
 * `npm run arena` and the computer seat of `npm run play` in every language: the arena's table and
 * replays in the student's words, agreeing with lesson 07's text in each language; and play naming the
 * function that is really wrong when the computer cannot play (renderBoard, or the game around it).
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderBoard } from '../../solutions/01-board/board.ts';
import { ToolStopped } from '../../scripts/lib/core/lesson-modules.ts';
import type { Language } from '../../scripts/lib/core/languages.ts';
import { lessonExamples, readExampleFences, readmePath, ROOT } from '../../scripts/lib/core/workbook.ts';
import { translator } from '../../scripts/lib/i18n/messages.ts';
import { arenaTextIn, arenaWords, auditHeading, ENGLISH_WORDS, replayLine } from '../../scripts/lib/student/arena-format.ts';
import { checkDrawing, withComputer, type Chooser } from '../../scripts/lib/student/computer-seat.ts';
import type { TerminalIO } from '../../scripts/lib/student/terminal-io.ts';
import { runStudentCommand, type CommandRun } from './student-command.ts';
import { describeEnglish, findEnglish, findEnglishInOutput } from '../../scripts/lib/teacher/pack/language-check.ts';

const LANGUAGES: readonly Language[] = ['en', 'ru', 'ca', 'zh'];

/** A line with its runs of spaces made one: table rows compared whatever their columns' widths. */
const squeezed = (line: string): string => line.trim().replace(/\s+/g, ' ');

/** The moves of the first line ruleMove loses as O: the game lesson 07's example "losing-line" replays. */
const RULES_LOSS = [0, 4, 5, 6, 2, 8, 1];

describe('npm run arena speaks the student language, and lesson 07 in each language shows what it prints', () => {
  const outputs = new Map<Language, string>();
  beforeAll(() => {
    for (const language of LANGUAGES) {
      const result = runStudentCommand('arena', ['--reference', '--lang', language]);
      if (result.status !== 0) throw new Error(`npm run arena -- --reference --lang ${language} failed:\n${result.stderr}`);
      outputs.set(language, result.stdout);
    }
  }, 300_000);
  const examples = lessonExamples({ id: '07-search' });
  const example = (name: string): string => examples.get(name)?.text ?? '';

  test('in English, the examples of lesson 07 are lines of its output, character for character', () => {
    const output = outputs.get('en') ?? '';
    const lines = output.split('\n');
    for (const line of example('audit-answers').split('\n')) expect(lines, 'a line of the example "audit-answers"').toContain(line);
    expect(output).toContain(example('losing-line'));
    expect(example('losing-line')).toBe(replayLine(RULES_LOSS));
    const english = arenaWords(translator('en'));
    expect(replayLine(RULES_LOSS, english), "the English catalog's words are the suite's").toBe(replayLine(RULES_LOSS));
    expect(auditHeading(['heuristic'], english)).toBe(auditHeading(['heuristic']));
    expect(english.won('O', [2, 4, 6])).toBe(ENGLISH_WORDS.won('O', [2, 4, 6]));
    expect([english.ongoing, english.draw]).toEqual([ENGLISH_WORDS.ongoing, ENGLISH_WORDS.draw]);
  });

  test.each(LANGUAGES.filter((language) => language !== 'en'))('in %s, no English words: the table, the replays and the notes in its words', (language) => {
    const output = outputs.get(language) ?? '';
    expect(describeEnglish(findEnglishInOutput(output, `npm run arena -- --lang ${language}`)), output).toEqual([]);
    const words = arenaWords(translator(language));
    const names = ['random', 'rules', 'heuristic', 'easy', 'medium', 'hard', 'best'];
    expect(output.split('\n'), 'the heading of the table').toContain(auditHeading(names, words));
    expect(output).toContain(replayLine(RULES_LOSS, words));
    if (language === 'ru') {
      expect(output, 'Russian plurals').toContain('random можно обыграть: он проигрывает 134 партии за X (место first). Первая из них:');
      expect(output).toContain('rules можно обыграть: он проигрывает 14 партий за O (место second). Первая из них:');
      expect(output).toContain('Ни разу не проиграли: hard и best.');
    }
  });

  test.each(LANGUAGES)("in %s, lesson 07's text shows what the arena prints, in the arena's words of that language", (language) => {
    const output = outputs.get(language) ?? '';
    const lines = output.split('\n');
    const words = arenaWords(translator(language));
    const text = readFileSync(join(ROOT, readmePath({ id: '07-search' }, language)), 'utf8');
    const translated = readExampleFences(text);
    for (const name of ['audit-examples', 'audit-answers', 'losing-line']) {
      const english = examples.get(name);
      expect(english?.words, `lesson 07's example "${name}" is marked as the arena's output`).toBe('arena');
      expect(translated.get(name)?.words, `README.${language}.md's example "${name}" too`).toBe('arena');
      expect(translated.get(name)?.text, `README.${language}.md's example "${name}" in the arena's words`).toBe(arenaTextIn(english?.text ?? '', words));
    }
    for (const line of translated.get('audit-answers')?.text.split('\n') ?? []) expect(lines, 'a line of the example "audit-answers"').toContain(line);
    expect(output, 'the example "losing-line"').toContain(translated.get('losing-line')?.text);
    expect(translated.get('losing-line')?.text).toBe(replayLine(RULES_LOSS, words));
    const [heading] = translated.get('audit-examples')?.text.split('\n') ?? [];
    expect(heading, 'the heading of the example "audit-examples"').toBe(auditHeading(['quitter', 'centre-only'], words));
  });

  test.each(LANGUAGES.filter((language) => language !== 'en'))(
    'in %s, lesson 07 has no English words in its tables and replay, and the finder would see them',
    (language) => {
      const text = readFileSync(join(ROOT, readmePath({ id: '07-search' }, language)), 'utf8');
      const lesson = new Map([['lessons/07-search/README.md', Buffer.from(text)]]);
      expect(describeEnglish(findEnglish(lesson, language))).toEqual([]);
      const english = text.replace(
        /^```text example=([\w-]+) words=arena\n[\s\S]*?^```$/gm,
        (_, name: string) => `\`\`\`text example=${name} words=arena\n${example(name)}\n\`\`\``,
      );
      expect(english).not.toBe(text);
      const found = findEnglish(new Map([['lessons/07-search/README.md', Buffer.from(english)]]), language).map((entry) => squeezed(entry.text));
      expect(found, 'the English table headings and replay, put back').toEqual(
        expect.arrayContaining(['player seat lines wins draws losses gave up', 'X wins with cells']),
      );
    },
  );
});

/** A terminal that records what is printed and answers the human's prompts from a list. */
function fakeTerminal(lines: string[]): TerminalIO & { shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    interactive: false,
    print: (text) => shown.push(text),
    write: (text) => shown.push(text),
    input: (prompt) => {
      shown.push(prompt);
      return lines.shift() ?? null;
    },
    ended: () => lines.length === 0,
  };
}

/** The computer of the tests: always the lowest free cell. */
const lowest: Chooser = { name: 'computerMove', choose: (board) => board.indexOf(' ') };
const prompt = (player: string): string => `Player ${player}, choose a cell (1-9): `;
const empty = (): Array<'X' | 'O' | ' '> => Array.from({ length: 9 }, () => ' ' as const);

/** The message a ToolStopped carries, or what else happened. */
function stopped(body: () => void): string {
  try {
    body();
    return 'no stop';
  } catch (error) {
    return error instanceof ToolStopped ? error.message : `not a stop: ${String(error)}`;
  }
}

describe('play blames the function that is wrong when the computer cannot play', () => {
  const t = { en: translator('en'), ru: translator('ru') };

  test("renderBoard drawn as lesson 01 asks passes; drawn otherwise, renderBoard is named, in the student's language", () => {
    expect(stopped(() => checkDrawing(renderBoard, t.en))).toBe('no stop');
    const squeezedRows = (board: Parameters<typeof renderBoard>[0]): string => renderBoard(board).replaceAll(' | ', '|');
    const marksAsNumbers = (board: Parameters<typeof renderBoard>[0]): string => renderBoard(board.map(() => ' '));
    for (const broken of [squeezedRows, marksAsNumbers]) {
      for (const language of ['en', 'ru'] as const) {
        const message = stopped(() => checkDrawing(broken, t[language]));
        expect(message).toContain('renderBoard');
        expect(message).toContain('npm run check 01');
        expect(message).not.toContain('playGame');
        expect(message).not.toContain('npm run check 02');
      }
    }
    expect(stopped(() => checkDrawing(squeezedRows, t.ru))).toContain('рисует его по-другому');
    const stub = (): string => {
      throw new Error('not implemented yet: renderBoard');
    };
    expect(
      stopped(() => checkDrawing(stub, t.en)),
      'a drawing that throws is left for the game to meet',
    ).toBe('no stop');
    const long = stopped(() => checkDrawing(() => `\u001b[2J${'1 | 2 | 3\n'.repeat(50)}`, t.en));
    expect(long, 'what a broken drawing returned is shown short and safe').not.toContain('\u001b');
    expect(long.split('\n').length).toBeLessThan(25);
  });

  test('a game that goes on without printing the board after the move names playGame, not the board or lesson 02', () => {
    const terminal = fakeTerminal(['1', '2']);
    const io = withComputer(terminal, lowest, prompt, t.en);
    const message = stopped(() => {
      io.print(renderBoard(empty()));
      io.input(prompt('X'));
      io.input(prompt('O'));
      io.input(prompt('X'));
      io.input(prompt('O'));
    });
    expect(message).toBe(t.en('play.noBoardAfterMove', { cell: 1 }));
    expect(message).toContain('playGame (lesson 04)');
    expect(message).toContain('npm run check 04');
  });

  test("a game that refuses the computer's free cell names askMove and parseMove; one that asks again at once, lesson 02 and 04", () => {
    const refusing = withComputer(fakeTerminal([]), lowest, prompt, t.ru);
    const refused = stopped(() => {
      refusing.print(renderBoard(empty()));
      refusing.input(prompt('O'));
      refusing.print('That cell is already taken. Please choose an empty one.');
      refusing.input(prompt('O'));
    });
    expect(refused).toBe(t.ru('play.moveRefused', { cell: 1 }));
    expect(refused).toContain('askMove и parseMove (урок 02)');
    const twice = withComputer(fakeTerminal([]), lowest, prompt, t.en);
    const again = stopped(() => {
      twice.print(renderBoard(empty()));
      twice.input(prompt('O'));
      twice.input(prompt('O'));
    });
    expect(again).toBe(t.en('play.askedAgain', { cell: 1 }));
  });

  describe('npm run play -- --vs easy with one function broken at a time', () => {
    const copy = mkdtempSync(join(tmpdir(), 'workbook-play-blame-'));
    /** The lessons with the reference solutions in them, so that only the broken function is wrong. */
    beforeAll(() => {
      for (const part of ['lessons', 'scripts', 'package.json', 'tsconfig.json']) cpSync(join(ROOT, part), join(copy, part), { recursive: true });
      for (const lesson of readdirSync(join(ROOT, 'solutions')).filter((name) => /^\d\d-/.test(name))) {
        for (const file of readdirSync(join(ROOT, 'solutions', lesson)).filter((name) => name.endsWith('.ts'))) {
          cpSync(join(ROOT, 'solutions', lesson, file), join(copy, 'lessons', lesson, file));
        }
      }
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    });
    afterAll(() => rmSync(copy, { recursive: true, force: true }));

    /** Plays after replacing `from` by `to` in a lesson file (put back afterwards). */
    function playBroken(file: string, from: string, to: string, language: Language): CommandRun {
      const path = join(copy, 'lessons', file);
      const original = readFileSync(path, 'utf8');
      expect(original, `${file} holds the code to break`).toContain(from);
      writeFileSync(path, original.replace(from, to));
      try {
        // (The computer moves first, on the board the game printed: the easy computer picks at random, and after
        // a move the game did not show it could pick the cell just taken, which is another mistake of the game's.)
        return runStudentCommand('play', ['--vs', 'easy', '--first', 'o', '--lang', language], { input: '1\n2\n3\n4\n5\n6\n7\n8\n9\n', root: copy });
      } finally {
        writeFileSync(path, original);
      }
    }

    test.each(['en', 'ru'] as const)('renderBoard drawing rows without spaces: renderBoard is named (%s)', (language) => {
      const result = playBroken('01-board/board.ts', "join(' | ')} `", "join('|')}`", language);
      expect(result.status).toBe(1);
      if (language === 'ru') expect(describeEnglish(findEnglishInOutput(result.stderr, 'npm run play')), result.stderr).toEqual([]);
      expect(result.stderr).toContain(
        translator(language)('play.drawnWrong', { drawn: ' 1|2|3\n---+---+---\n 4|5|6\n---+---+---\n 7|8|9', expected: renderBoard(empty()) }),
      );
      expect(result.stdout, 'no game starts').not.toContain(' 1|2|3');
    });

    test.each(['en', 'ru'] as const)('playGame not printing the board after a move: playGame is named, not the board (%s)', (language) => {
      const result = playBroken('04-game/game.ts', 'board[index] = player;\n    io.print(renderBoard(board));', 'board[index] = player;', language);
      expect(result.status).toBe(1);
      if (language === 'ru') expect(describeEnglish(findEnglishInOutput(result.stderr, 'npm run play')), result.stderr).toEqual([]);
      expect(result.stderr).toMatch(
        new RegExp(
          translator(language)('play.noBoardAfterMove', { cell: 999 })
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace('999', '\\d'),
        ),
      );
      expect(result.stderr).not.toContain('renderBoard (lesson 01) draws');
    });
  });
});
