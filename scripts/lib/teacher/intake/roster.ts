/**
 * A class list (`npm run grade -- … --roster FILE.csv`): who is in the class, the name to show for
 * each, and the ids a learning platform needs to take the grades back. It may be a plain two-column
 * file (folder or id, name) or what a platform exports: a Canvas gradebook export, a Moodle grading
 * worksheet, a GitHub Classroom roster. Columns are found by their headings.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseCsv } from '../csv.ts';
import { UsageError } from '../../core/workbook.ts';
import type { Platform } from './platforms.ts';

/** The ids a platform's grade import matches students by (all optional). */
export interface PlatformIds {
  /** Moodle's participant number: "Participant 1234" in its grading worksheet. */
  moodleParticipant?: string;
  /** Canvas's user ID ("ID" in a Canvas gradebook export). */
  canvasId?: string;
  sisUserId?: string;
  sisLoginId?: string;
  section?: string;
  email?: string;
  github?: string;
}

/** One student of the class list. */
export interface RosterEntry {
  /** The name to show. */
  name: string;
  /** Every name a hand-in may be named by (the name, a folder, username, e-mail or SIS column), lower-cased. */
  keys: string[];
  /** A platform's ids: a hand-in that carries one is matched by it alone (see findInRoster). */
  ids: PlatformIds;
}

/** Headings, squeezed to lower-case letters and digits, and what they hold. */
const NAME_HEADINGS = ['name', 'fullname', 'displayname', 'student', 'studentname'];
const FIRST_HEADINGS = ['firstname', 'givenname'];
const LAST_HEADINGS = ['lastname', 'surname', 'familyname'];
const ID_HEADINGS: Record<string, keyof PlatformIds | 'key'> = {
  folder: 'key',
  key: 'key',
  username: 'key',
  login: 'key',
  studentid: 'key',
  userid: 'key',
  idnumber: 'key',
  identifier: 'moodleParticipant',
  participant: 'moodleParticipant',
  id: 'canvasId',
  canvasid: 'canvasId',
  sisuserid: 'sisUserId',
  sisloginid: 'sisLoginId',
  section: 'section',
  email: 'email',
  emailaddress: 'email',
  githubusername: 'github',
  github: 'github',
};

/** Columns whose values no hand-in is named by: a platform's own numbers (a download carries them apart from the name) and sections. */
const NOT_NAMES: Array<keyof PlatformIds | 'key'> = ['moodleParticipant', 'canvasId', 'section'];

/** Rows a platform's export carries that are no students (Canvas's "Points Possible", its test student). */
const NOT_STUDENTS = [/^\s*points possible\s*$/i, /^student,\s*test$/i, /^test student$/i];

/** A heading squeezed for comparison: "SIS User ID" → "sisuserid". */
function squeeze(heading: string): string {
  return heading.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

/** A value as hand-ins are matched by it: one Unicode form, trimmed, lower-case, single spaces. */
export function matchKey(value: string): string {
  return value.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Reads a class list; throws a UsageError that says what is wrong with it. */
export function readRoster(path: string): RosterEntry[] {
  if (!existsSync(path)) throw new UsageError(`There is no class list at ${path}.`);
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  if (header === undefined) throw new UsageError(`${path} is empty: it should start with a line of headings, such as folder,name.`);
  const headings = header.map(squeeze);
  const column = (names: string[]): number => headings.findIndex((heading) => names.includes(heading));
  const nameAt = column(NAME_HEADINGS);
  const firstAt = column(FIRST_HEADINGS);
  const lastAt = column(LAST_HEADINGS);
  const idColumns = headings.flatMap((heading, index) => (ID_HEADINGS[heading] === undefined ? [] : [{ index, holds: ID_HEADINGS[heading] }]));
  if (nameAt === -1 && firstAt === -1 && idColumns.length === 0) {
    throw new UsageError(
      `${path} has no column this command knows (its headings: ${header.join(', ')}). Give it a "name" column and a "folder" or "id" column.`,
    );
  }
  const entries: RosterEntry[] = [];
  for (const row of rows) {
    const cell = (index: number): string => (index === -1 ? '' : (row[index] ?? '').trim());
    const given = [cell(firstAt), cell(lastAt)].filter((part) => part !== '').join(' ');
    const name = cell(nameAt) || given;
    if (NOT_STUDENTS.some((pattern) => pattern.test(name))) continue;
    const ids: PlatformIds = {};
    const keys = new Set<string>();
    for (const { index, holds } of idColumns) {
      const value = cell(index);
      if (value === '') continue;
      // Names a hand-in may be known by; never a platform's own number, which a download carries apart from the name.
      if (!NOT_NAMES.includes(holds)) keys.add(matchKey(value));
      if (holds === 'key') continue;
      const participant = holds === 'moodleParticipant' ? /^participant\s*(\d+)$/i.exec(value) : null;
      if (participant) keys.add(participant[1] as string);
      // "Identifier" is a Moodle participant only as "Participant 1234"; "ID" is Canvas's only when it is a number.
      if (holds === 'moodleParticipant' && !participant) continue;
      if (holds === 'canvasId' && !/^\d+$/.test(value)) continue;
      ids[holds] = participant ? (participant[1] as string) : value;
    }
    for (const value of [name, given, firstNameFirst(name)].filter((text) => text !== '')) keys.add(matchKey(value));
    if (name === '' && keys.size === 0) continue;
    entries.push({ name: name || [...keys][0] || '', keys: [...keys], ids });
  }
  return entries;
}

/** "Evil, Eve" (as Canvas lists students) → "Eve Evil", as a folder is likely to be named; "" for a name without a comma. */
function firstNameFirst(name: string): string {
  const comma = name.indexOf(',');
  if (comma === -1) return '';
  return `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`.trim();
}

/**
 * Canvas writes a student into a file name as "lastfirst" in lower-case letters ("Lee, Carl" and
 * "Carl Lee" both become "leecarl"); these are the forms a name may take there.
 */
function canvasForms(name: string): string[] {
  const letters = (text: string): string =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]/g, '');
  if (name.includes(',')) {
    const [last = '', first = ''] = name.split(',', 2);
    return [letters(last + first)];
  }
  const parts = name.trim().split(/\s+/);
  const last = parts.at(-1) ?? '';
  return [letters(last + parts.slice(0, -1).join('')), letters(name)];
}

/** A hand-in as the class list matches it: the names it is known by, and the platform's id it carries, if any. */
export interface RosterQuery {
  keys: string[];
  platform?: Platform;
  platformId?: string;
}

/** Which of a class list's ids a platform's own id is. */
const ID_OF: Partial<Record<Platform, keyof PlatformIds>> = { moodle: 'moodleParticipant', canvas: 'canvasId', 'github-classroom': 'github' };

/**
 * The class list's entry for a hand-in, if any. A hand-in that carries its platform's id (a Moodle
 * participant number, a Canvas user ID, a GitHub username) is matched by that id first: the rest of
 * its name is the student's to choose, and could be a classmate's name or number. A row that holds
 * such an id can only be claimed by it; where the id is in no row, the hand-in's names may still match
 * a row without one (a GitHub account not linked yet), never by a number. A hand-in without an id is
 * matched by its names against the list's names, folders, usernames and e-mail addresses (never a
 * platform's numbers), and last as Canvas writes a name into a file name ("leecarl").
 */
export function findInRoster(roster: RosterEntry[], handIn: RosterQuery): RosterEntry | undefined {
  const kind = handIn.platform === undefined ? undefined : ID_OF[handIn.platform];
  if (kind === undefined || handIn.platformId === undefined) return byNames(roster, handIn.keys);
  const id = matchKey(handIn.platformId);
  const byId = roster.find((entry) => matchKey(entry.ids[kind] ?? '') === id) ?? roster.find((entry) => entry.keys.includes(id));
  if (byId !== undefined) return byId;
  const withoutId = roster.filter((entry) => entry.ids[kind] === undefined);
  return byNames(
    withoutId,
    handIn.keys.filter((key) => !/^\d+$/.test(key.trim())),
  );
}

/** The first entry one of these names matches: a name, folder, username or e-mail of the list, or Canvas's "leecarl" form of a name. */
function byNames(roster: RosterEntry[], names: string[]): RosterEntry | undefined {
  const wanted = new Set(names.filter((key) => key !== '').map(matchKey));
  return (
    roster.find((entry) => entry.keys.some((key) => wanted.has(key))) ??
    roster.find((entry) => canvasForms(entry.name).some((form) => form !== '' && wanted.has(form)))
  );
}
