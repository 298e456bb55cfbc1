// @ts-check
// `node --import ./scripts/lib/core/install-check.mjs --import tsx scripts/hint.ts` (the commands run
// with tsx): before npm install, tsx cannot load and Node would print its stack trace. This preload
// imports no package and runs first: the student reads one sentence, in their language, saying to
// install the workbook's packages.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stopUnlessInstalled } from './installed.mjs';

stopUnlessInstalled(resolve(fileURLToPath(new URL('../../..', import.meta.url))), process.argv[1], process.argv.slice(2));
