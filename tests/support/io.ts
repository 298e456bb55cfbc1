/** A pretend player for tests: feeds typed lines to the code and records everything it shows. */
import { crossesAsTwin, notePlayerStop, oneWay } from '../../scripts/lib/grader/worker/client.ts';
import { tamperedError } from '../../scripts/lib/core/failure.ts';
import { endlessReason, type TwinStart } from './pretend-player.ts';
import { trace } from './trace.ts';

/** The same shape as lesson 02's IO interface (repeated here so tests never depend on student code). */
export interface ScriptedIO {
  input(prompt: string): string | null;
  print(text: string): void;
  /** Everything a player would have seen, typed lines included, each line ending with "\n". */
  transcript(): string;
  /** The lines not yet read. */
  remaining(): number;
}

/**
 * Stops code that keeps asking after input has ended (or keeps printing), instead of letting a test hang;
 * `kept` says which, and `limit` how many asks or prints it allowed: the report words the failure from
 * these two, in the student's language (the message is for results files).
 */
export class EndlessInputError extends Error {
  override name = 'EndlessInputError';
  constructor(
    readonly kept: 'asking' | 'printing',
    readonly limit: number,
  ) {
    super(endlessReason(kept, limit));
  }
}

/**
 * A scripted IO: `input` shows the prompt, then "types" the next line (the line appears after the
 * prompt in the transcript, as on a terminal). When the lines run out, `input` returns null and
 * the transcript shows the prompt alone on its line. Asking again after that many times, or
 * printing without end, throws, so a loop that never ends fails the test instead of hanging it.
 */
export function scriptedIO(lines: string[], limits = { askAfterEnd: 20, prints: 10_000 }): ScriptedIO {
  const queue = [...lines];
  let shown = '';
  let asksAfterEnd = 0;
  let prints = 0;
  /** Adds to the transcript, and to the grader's trace so a hang can show the last board. */
  const show = (text: string): void => {
    shown += text;
    trace(text);
  };
  const player: ScriptedIO = {
    input(prompt) {
      const line = queue.shift();
      if (line === undefined) {
        asksAfterEnd += 1;
        if (asksAfterEnd > limits.askAfterEnd) {
          throw new EndlessInputError('asking', limits.askAfterEnd);
        }
        show(`${prompt}\n`);
        return null;
      }
      show(`${prompt}${line}\n`);
      return line;
    },
    print(text) {
      prints += 1;
      if (prints > limits.prints) throw new EndlessInputError('printing', limits.prints);
      show(`${text}\n`);
    },
    transcript: () => shown,
    remaining: () => queue.length,
  };
  return withTwin(player, () => ({ lines: [...queue], asksAfterEnd, prints, limits }));
}

/** A pretend player that records a program's output exactly, for lessons that compare it byte for byte. */
export interface ProgramIO {
  input(prompt: string): string | null;
  print(text: string): void;
  /** What the program wrote, byte for byte: prompts as they are, each printed text with its line end, no typed line. */
  output(): string;
  /** What a terminal would show: the output with each typed line and its line end right after its prompt. */
  screen(): string;
  /** How many times input was called. */
  asked(): number;
  /** The lines not yet read. */
  remaining(): number;
}

/**
 * Like scriptedIO, but nothing is added to what the program writes: `output` is what the program
 * would send through a pipe, and `screen` what a terminal shows (the terminal echoes each typed line).
 * When the lines run out, `input` returns null and the prompt stays alone at the end.
 */
export function programIO(lines: string[], limits = { askAfterEnd: 20, prints: 10_000 }): ProgramIO {
  const queue = [...lines];
  let output = '';
  let screen = '';
  let asked = 0;
  let prints = 0;
  const show = (text: string, typed = ''): void => {
    output += text;
    screen += text + typed;
    trace(text + typed);
  };
  const player: ProgramIO = {
    input(prompt) {
      asked += 1;
      const line = queue.shift();
      if (line === undefined) {
        if (asked - lines.length > limits.askAfterEnd) {
          throw new EndlessInputError('asking', limits.askAfterEnd);
        }
        show(String(prompt));
        return null;
      }
      show(String(prompt), `${line}\n`);
      return line;
    },
    print(text) {
      prints += 1;
      if (prints > limits.prints) throw new EndlessInputError('printing', limits.prints);
      show(`${String(text)}\n`);
    },
    output: () => output,
    screen: () => screen,
    asked: () => asked,
    remaining: () => queue.length,
  };
  return withTwin(player, () => ({ lines: [...queue], asksAfterEnd: Math.max(0, asked - lines.length), prints, limits }));
}

/**
 * Under the grader, the pretend player crosses into the sandbox as a twin beside the code
 * (pretend-player.ts), so a game costs one crossing instead of one per line asked for and printed.
 * The twin tells this player, one-way and in order, every line it gave and every text printed: this
 * player records them as if the code had called it, and stops the code if it was given another line
 * than this player would have typed (the code changed the twin). Nothing the twin says is believed.
 */
function withTwin<P extends { input(prompt: string): string | null; print(text: string): void }>(player: P, start: () => TwinStart): P {
  const toldInput = oneWay((prompt: unknown, line: unknown): void => {
    const typed = alsoInTheTwin(() => player.input(prompt as string), null);
    if (typed !== line) throw tamperedError('player');
  });
  const toldPrint = oneWay((text: unknown): void => alsoInTheTwin(() => player.print(text as string), undefined));
  return crossesAsTwin(player, 'pretendPlayer', 'pretendPlayer', () => [JSON.stringify(start()), toldInput, toldPrint]);
}

/**
 * Runs a call of the player that its twin told of. The player's EndlessInputError is not thrown again
 * here: the twin counts the same way and threw the same error at the same call, in the code. Its stop
 * is noted, so that the twin's error reads as the player's stop only when this player made it too.
 */
function alsoInTheTwin<T>(call: () => T, instead: T): T {
  try {
    return call();
  } catch (error) {
    if (!(error instanceof EndlessInputError)) throw error;
    notePlayerStop({ kept: error.kept, limit: error.limit });
    return instead;
  }
}
