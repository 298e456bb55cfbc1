// Attack: what the grader's machine looks like from inside. Node's diagnostic report
// (process.report.getReport()) holds the command line, the environment and the working folder; the
// process itself has its environment, arguments, flags, working folder and Node's path. It throws
// all of it in every test's message, so that the feedback would name the teacher's folders (the test
// checks that no feedback names a folder of its own temp folder, where the workbook, the class and
// the grader's temp folder lie), and says "fence open:" if the report could be read.

const seen: string[] = [];
try {
  const report = (process as unknown as { report: { getReport(): Record<string, unknown> } }).report.getReport();
  const header = report.header as Record<string, unknown>;
  const commandLine = (header.commandLine as string[]).filter((part) => part.length < 300); // not the sandbox's own script
  seen.push(`fence open: process.report ${JSON.stringify({ commandLine, cwd: header.cwd, env: report.environmentVariables })}`);
} catch (error) {
  seen.push(`fence tried: process.report refused: ${(error as Error).message}`);
}
seen.push(
  `fence tried: ${JSON.stringify({ env: process.env, argv: process.argv, execArgv: process.execArgv, execPath: process.execPath, cwd: process.cwd(), title: process.title })}`,
);

// Every function throws the lines of `seen`: the exports that say so (attacks.ts appends them).
export {};
