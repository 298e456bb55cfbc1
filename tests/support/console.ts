/** Watches what code prints, so a suite can say "return the text, do not print it". */
import { vi } from 'vitest';

/** Runs `action` and returns everything it printed with console (log, info, warn, error, debug), process.stdout.write or process.stderr.write. */
export function capturePrinting<T>(action: () => T): { result: T; printed: string } {
  const chunks: string[] = [];
  const record = (...parts: unknown[]): void => {
    chunks.push(parts.map(String).join(' '));
  };
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(record),
    vi.spyOn(console, 'info').mockImplementation(record),
    vi.spyOn(console, 'warn').mockImplementation(record),
    vi.spyOn(console, 'error').mockImplementation(record),
    vi.spyOn(console, 'debug').mockImplementation(record),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      record(String(chunk));
      return true;
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      record(String(chunk));
      return true;
    }),
  ];
  try {
    return { result: action(), printed: chunks.join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
