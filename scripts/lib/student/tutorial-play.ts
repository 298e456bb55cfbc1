/**
 * `npm run play -- --tutorial NAME`: one of the five tutorials' games, played with lesson 08's code
 * exactly as the tutorial's own program plays it. With input piped in, standard output holds
 * exactly the bytes that program prints for the same input: prompts without a line end, no echo of
 * the typed lines. Anything the workbook has to say itself goes to standard error.
 *
 * What this uses from lesson 08 is declared here, so that `play` never depends on that lesson's file
 * (a student edition without lesson 08 still plays lesson 04's game).
 */
import type { IO } from '../core/lesson-modules.ts';
import { terminalIO, type TerminalIO } from './terminal-io.ts';
import { UsageError } from '../core/workbook.ts';
import type { MessageKey, Translate } from '../i18n/messages.ts';
import { listInWords } from '../i18n/lists.ts';
import type { Language } from '../core/languages.ts';

/** A tutorial as lesson 08's TUTORIALS lists it. */
interface Tutorial {
  name: string;
  title: string;
  language: string;
  program: string;
  address: string | null;
}

/** The part of a lesson 08 profile this command reads itself; the rest is the student's game's business. */
interface Profile {
  first: 'X' | 'lot';
  readsWords: boolean;
}

/** What this command uses from lesson 08. */
export interface TutorialModule {
  TUTORIALS: readonly Tutorial[];
  PROFILES: Readonly<Record<string, Profile>>;
  playTutorial(profile: Profile, io: IO, options?: { first?: 'X' | 'O' }): string;
  playClassGames(io: IO): void;
}

/** The tutorial that is a class playing six fixed games, not a game to type moves into. */
const CLASS_TUTORIAL = 'en-class';

/** What each tutorial is (its language and program), in the words of the command's language; lesson 08's own English words for any other. */
const TUTORIAL_WORDS: Readonly<Record<string, MessageKey>> = {
  'ru-maps': 'play.tutorial.ruMaps',
  'ru-maps-computer': 'play.tutorial.ruMapsComputer',
  'ru-lines': 'play.tutorial.ruLines',
  'ca-lab': 'play.tutorial.caLab',
  'zh-grid': 'play.tutorial.zhGrid',
  'en-class': 'play.tutorial.enClass',
};

/** The list `npm run play -- --tutorial` prints: names, languages, programs and titles; `reference` when --reference works here. */
export function tutorialList(module: TutorialModule, reference: boolean, t: Translate): string {
  const width = Math.max(...module.TUTORIALS.map((tutorial) => tutorial.name.length));
  const described = (tutorial: Tutorial): string => {
    const key = TUTORIAL_WORDS[tutorial.name];
    return key === undefined ? `${tutorial.language}: ${tutorial.program}` : t(key);
  };
  const rows = module.TUTORIALS.flatMap((tutorial) => [
    `  ${tutorial.name.padEnd(width)}  ${described(tutorial)}`,
    `  ${' '.repeat(width)}  ${tutorial.title}${tutorial.address === null ? '' : ` (${tutorial.address})`}`,
  ]);
  return [t('play.tutorials'), '', ...rows, '', t(reference ? 'play.tutorials.playOne.reference' : 'play.tutorials.playOne')].join('\n');
}

/**
 * Plays the named tutorial in this terminal and returns the exit status. `first` is --first as typed
 * (undefined when not given): it fixes who starts where the tutorial draws lots. A name that is no
 * tutorial's is a UsageError in the words of `t`, which speaks `language`.
 */
export function playNamedTutorial(module: TutorialModule, name: string, first: string | undefined, t: Translate, language: Language): number {
  const known = module.TUTORIALS.map((tutorial) => tutorial.name);
  if (!known.includes(name)) throw new UsageError(t('play.noSuchTutorial', { name, known: listInWords(known, language) }));
  const terminal = terminalIO(0, process.stdout, { exact: true });
  if (name === CLASS_TUTORIAL) {
    if (first !== undefined) throw new UsageError(t('play.firstFixedGames', { name }));
    module.playClassGames(terminal);
    return 0;
  }
  const profile = module.PROFILES[name] as Profile;
  const result = module.playTutorial(profile, profile.readsWords ? wordByWord(terminal) : terminal, startOptions(name, profile, first, t));
  if (result === 'quit') process.stderr.write(`\n${t('play.inputEnded')}\n`);
  return 0;
}

/** The options for who starts: --first where the tutorial draws lots, nothing otherwise. */
function startOptions(name: string, profile: Profile, first: string | undefined, t: Translate): { first?: 'X' | 'O' } {
  if (first === undefined || first === 'random') return {};
  if (profile.first !== 'lot') {
    throw new UsageError(t('play.firstOnlyLot', { name }));
  }
  if (first === 'x') return { first: 'X' };
  if (first === 'o') return { first: 'O' };
  throw new UsageError(t('play.oneOf', { option: '--first', allowed: 'x, o, random', value: first }));
}

/**
 * The terminal read the way C++'s `cin >> index` reads: one word at a time. A line holding two words
 * answers two questions (the second prompt is still printed, the line is not read again), and an
 * empty line is skipped without printing the prompt again.
 */
function wordByWord(terminal: TerminalIO): IO {
  let waiting: string[] = [];
  return {
    print: (text) => terminal.print(text),
    input(prompt) {
      if (waiting.length > 0) {
        terminal.write(prompt);
      } else {
        let line = terminal.input(prompt);
        waiting = words(line);
        while (line !== null && waiting.length === 0) {
          line = terminal.input('');
          waiting = words(line);
        }
        if (line === null) return null;
      }
      const [word, ...rest] = waiting;
      waiting = rest;
      return word ?? null;
    },
  };
}

/** The words of a line, as `cin >>` separates them (by spaces, tabs and line ends); none at the end of input. */
function words(line: string | null): string[] {
  if (line === null) return [];
  return line.split(/[ \t\r\n\v\f]+/).filter((word) => word !== '');
}
