/**
 * The grader's type check leaves out Node's types to stay fast; exercise files may still print
 * with console (editors see Node's full types through tsconfig.json).
 */
declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
  debug(...data: unknown[]): void;
  table(data: unknown): void;
};
