// Attack: the process that runs the suites kills itself with SIGKILL while this file loads.
process.kill(process.pid, 'SIGKILL');

// The rest of the file is the shipped stub of lesson 01 (attacks.ts appends it).
