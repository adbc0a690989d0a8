// A note's type: frontmatter `type`, else inferred from the top folder of its path, else from the frontmatter keys
// it has (`email` -> person, `industry` -> company, `attendees` -> meeting), else `note`.

/** Top-folder name (lower case) -> type. Spread it into your own map to extend it. */
export const DEFAULT_FOLDER_TYPES: Readonly<Record<string, string>> = Object.freeze({
  people: 'person',
  person: 'person',
  persons: 'person',
  contacts: 'person',
  companies: 'company',
  funds: 'fund',
  investors: 'fund',
  company: 'company',
  orgs: 'company',
  organizations: 'company',
  meetings: 'meeting',
  meeting: 'meeting',
  projects: 'project',
  concepts: 'concept',
  ideas: 'concept',
  daily: 'daily',
  journal: 'daily',
  dailies: 'daily',
  sources: 'source',
  references: 'source',
});

export const DEFAULT_NOTE_TYPE = 'note';

export function resolveNoteType(
  path: string,
  frontmatter: Record<string, unknown>,
  folderTypes: Readonly<Record<string, string>> = DEFAULT_FOLDER_TYPES,
): string {
  const fm = frontmatter['type'];
  if (typeof fm === 'string' && fm.trim() !== '') return fm.trim().toLowerCase();
  const folder = typeFromFolder(path, folderTypes);
  return folder === DEFAULT_NOTE_TYPE ? (typeFromFrontmatterKeys(frontmatter) ?? folder) : folder;
}

/** Type implied by the first folder of a vault-relative path (`People/Alice.md` -> `person`). */
export function typeFromFolder(path: string, folderTypes: Readonly<Record<string, string>> = DEFAULT_FOLDER_TYPES): string {
  const parts = path.split(/[/\\]/).filter((p) => p !== '' && p !== '.');
  if (parts.length < 2) return DEFAULT_NOTE_TYPE;
  const folder = parts[0]!.toLowerCase();
  return Object.prototype.hasOwnProperty.call(folderTypes, folder) ? folderTypes[folder]! : DEFAULT_NOTE_TYPE;
}

// Frontmatter keys that say what a note without a `type` is about.
const PERSON_KEYS = ['email', 'phone', 'birthday', 'born', 'linkedin', 'pronouns', 'role', 'job_title', 'employer', 'company', '职位', '邮箱'];
const ORG_KEYS = ['industry', 'website', 'headquarters', 'hq', 'founded', 'founded_year', 'employees', 'ticker', 'funding', 'stage', 'key_people', 'founders', 'investors', 'portfolio', '行业', '官网'];
const MEETING_KEYS = ['attendees', 'participants', '参会人'];

/** A type for a note whose frontmatter has no `type`, from the keys it does have; null when they say nothing. */
export function typeFromFrontmatterKeys(frontmatter: Record<string, unknown>): string | null {
  const keys = new Set(Object.keys(frontmatter).map((k) => k.trim().toLowerCase()));
  const has = (list: readonly string[]): boolean => list.some((k) => keys.has(k));
  if (has(MEETING_KEYS)) return 'meeting';
  // `founded: [[Acme]]` is a founder's field; `founded: 2019` a company's.
  const founded = frontmatter['founded'];
  if (has(ORG_KEYS) && !(typeof founded === 'string' && founded.includes('[['))) return 'company';
  if (has(PERSON_KEYS)) return 'person';
  return null;
}
