/**
 * Lesson 02's IO for a real terminal: `input` waits for a typed line (synchronously, so the
 * student's plain loops work unchanged) and `print` writes a line.
 *
 * - Text is decoded as UTF-8 with a streaming decoder, so a character whose bytes arrive in
 *   two reads (a pipe, a slow paste) is never broken.
 * - On a terminal, each line is read in raw mode with a small line editor (typing, Backspace,
 *   Ctrl+U, arrow keys ignored). Raw mode is what lets Ctrl+C end the game with a message:
 *   in the normal mode the signal would kill the program while it waits for a line.
 *   Ctrl+D on an empty line ends the input. The terminal is put back after every line.
 * - From a pipe or a file, the typed line is echoed after the prompt, so the output reads like
 *   the terminal session (and like the lessons' examples). The end of the data ends the input.
 *   With `exact: true` nothing is added to what the game writes from a pipe: no echo, and no line
 *   end when input ends (`npm run play -- --tutorial` prints exactly the bytes of the tutorial's program).
 */
import { openSync, readlinkSync, readSync } from 'node:fs';
import { isatty, ReadStream } from 'node:tty';
import type { IO } from '../core/lesson-modules.ts';

/** Thrown by `input` when the player presses Ctrl+C. */
export class InputInterrupted extends Error {
  constructor() {
    super('stopped with Ctrl+C');
  }
}

/** Thrown by `input` when the program keeps asking long after input has ended (a loop that never stops). */
export class AskedAfterEnd extends Error {}

/** Lesson 02's IO, plus what a terminal program needs around it. */
export interface TerminalIO extends IO {
  /** Writes text as it is (no line end added). */
  write(text: string): void;
  /** True once `input` has returned null. */
  ended(): boolean;
  /** True when the player types on a terminal (not a pipe or a file). */
  readonly interactive: boolean;
}

/** How many times `input` may be called after it returned null before it throws AskedAfterEnd. */
export const ASKS_AFTER_END = 3;

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const CTRL_U = '\u0015';
const BACKSPACE = '\u007f';
const CTRL_H = '\b';
const ESCAPE = '\u001b';

/** How the IO writes around what the game writes. */
export interface TerminalOptions {
  /** True: add nothing (no echo of piped lines, no line end when input ends). */
  exact?: boolean;
}

/** Makes the IO that plays in this terminal: standard input (fd 0) and standard output. */
export function terminalIO(fd = 0, out: NodeJS.WriteStream = process.stdout, options: TerminalOptions = {}): TerminalIO {
  const exact = options.exact === true;
  const interactive = isatty(fd);
  const source = new ByteSource(interactive ? blockingTerminal(fd) : fd);
  const editor = interactive ? new LineEditor(source, fd, (text) => out.write(text)) : null;
  let asksAfterEnd = 0;
  let hasEnded = false;

  return {
    interactive,
    print(text) {
      out.write(`${text}\n`);
    },
    write(text) {
      out.write(text);
    },
    ended: () => hasEnded,
    input(prompt) {
      if (hasEnded) {
        asksAfterEnd += 1;
        if (asksAfterEnd > ASKS_AFTER_END) {
          throw new AskedAfterEnd(`the game asked for input ${ASKS_AFTER_END} more times after input had ended`);
        }
        out.write(exact ? prompt : `${prompt}\n`);
        return null;
      }
      out.write(prompt);
      const line = editor ? editor.readLine(lastLine(prompt)) : source.readLine();
      if (line === null) {
        hasEnded = true;
        if (!exact || editor) out.write('\n');
        return null;
      }
      if (!editor && !exact) out.write(`${line}\n`);
      return line;
    },
  };
}

/**
 * A descriptor of the same terminal that waits for typing. Node switches its own descriptor of
 * a terminal to non-blocking mode (reads would fail with EAGAIN instead of waiting), so lines are
 * read through a descriptor opened separately. Falls back to `fd` (read with short pauses).
 */
function blockingTerminal(fd: number): number {
  for (const path of [terminalPath(fd), '/dev/tty']) {
    if (path === null) continue;
    try {
      return openSync(path, 'r');
    } catch {
      // try the next way
    }
  }
  return fd;
}

/** The device file of a terminal descriptor, for example /dev/pts/3 (Linux), or null. */
function terminalPath(fd: number): string | null {
  try {
    const path = readlinkSync(`/proc/self/fd/${fd}`);
    return path.startsWith('/dev/') ? path : null;
  } catch {
    return null;
  }
}

/** The text after the last line end of a prompt: what stands on the line the player types on. */
function lastLine(prompt: string): string {
  return prompt.slice(prompt.lastIndexOf('\n') + 1);
}

/** Reads text from a file descriptor synchronously, decoding UTF-8 across reads. */
class ByteSource {
  private readonly buffer = Buffer.alloc(4096);
  private readonly decoder = new TextDecoder('utf-8');
  /** Decoded text that has been read but not used yet. */
  private pending = '';
  private atEnd = false;

  constructor(private readonly fd: number) {}

  /** The next line without its line end (\n or \r\n), or null at the end. A last line without \n counts. */
  readLine(): string | null {
    while (true) {
      const newline = this.pending.indexOf('\n');
      if (newline !== -1) {
        const line = this.pending.slice(0, newline);
        this.pending = this.pending.slice(newline + 1);
        return line.endsWith('\r') ? line.slice(0, -1) : line;
      }
      if (this.atEnd) {
        const rest = this.pending;
        this.pending = '';
        return rest === '' ? null : rest;
      }
      this.fill();
    }
  }

  /** The next character (a whole code point), or null at the end. Waits for the player. */
  nextChar(): string | null {
    while (this.pending === '') {
      if (this.atEnd) return null;
      this.fill();
    }
    const char = String.fromCodePoint(this.pending.codePointAt(0) as number);
    this.pending = this.pending.slice(char.length);
    return char;
  }

  /** The next character if one has already arrived, without waiting; otherwise null. */
  peekChar(): string | null {
    return this.pending === '' ? null : String.fromCodePoint(this.pending.codePointAt(0) as number);
  }

  /** Reads one chunk of bytes (waiting for it) and adds its text to `pending`. */
  private fill(): void {
    const count = readChunk(this.fd, this.buffer);
    if (count === 0) {
      this.atEnd = true;
      this.pending += this.decoder.decode();
      return;
    }
    this.pending += this.decoder.decode(this.buffer.subarray(0, count), { stream: true });
  }
}

/** readSync that waits when the descriptor is non-blocking (EAGAIN) and returns 0 at the end. */
function readChunk(fd: number, buffer: Buffer): number {
  while (true) {
    try {
      return readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        sleep(15);
        continue;
      }
      if (code === 'EOF') return 0;
      throw error;
    }
  }
}

/** Waits without using the processor. */
function sleep(milliseconds: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, milliseconds);
}

/**
 * Reads one line from a terminal in raw mode and draws it as the player types. Raw mode is on
 * only while a line is being read.
 */
class LineEditor {
  private readonly terminal: ReadStream;

  constructor(
    private readonly source: ByteSource,
    fd: number,
    private readonly write: (text: string) => void,
  ) {
    this.terminal = new ReadStream(fd);
    this.terminal.pause();
    this.terminal.unref();
  }

  /** The typed line, or null for Ctrl+D on an empty line; throws InputInterrupted for Ctrl+C. */
  readLine(promptLine: string): string | null {
    this.terminal.setRawMode(true);
    try {
      return this.edit(promptLine);
    } finally {
      this.terminal.setRawMode(false);
    }
  }

  private edit(promptLine: string): string | null {
    let typed: string[] = [];
    const redraw = (): void => this.write(`\r${promptLine}${typed.join('')}\u001b[K`);
    while (true) {
      const char = this.source.nextChar();
      if (char === null) return typed.length === 0 ? null : typed.join('');
      if (char === '\r' || char === '\n') {
        if (char === '\r' && this.source.peekChar() === '\n') this.source.nextChar();
        this.write('\n');
        return typed.join('');
      }
      if (char === CTRL_C) {
        this.write('^C\n');
        throw new InputInterrupted();
      }
      if (char === CTRL_D) {
        if (typed.length === 0) return null;
        continue;
      }
      if (char === BACKSPACE || char === CTRL_H) {
        typed = withoutLastCharacter(typed);
        redraw();
        continue;
      }
      if (char === CTRL_U) {
        typed = [];
        redraw();
        continue;
      }
      if (char === ESCAPE) {
        this.skipEscapeSequence();
        continue;
      }
      if (char < ' ') continue;
      typed.push(char);
      this.write(char);
    }
  }

  /** Skips the rest of a key's escape sequence (arrows, Home, F1…) that has already arrived. */
  private skipEscapeSequence(): void {
    const kind = this.source.peekChar();
    if (kind !== '[' && kind !== 'O') return;
    this.source.nextChar();
    if (kind === 'O') {
      this.source.nextChar();
      return;
    }
    while (true) {
      const char = this.source.peekChar();
      if (char === null) return;
      this.source.nextChar();
      if (char >= '@' && char <= '~') return;
    }
  }
}

/** The typed characters without the last one the player sees (a letter with its accents, an emoji). */
function withoutLastCharacter(typed: string[]): string[] {
  const text = typed.join('');
  const segments = [...new Intl.Segmenter().segment(text)];
  const last = segments.at(-1);
  if (last === undefined) return [];
  return [...text.slice(0, last.index)];
}
