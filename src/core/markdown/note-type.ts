// A note's type: frontmatter `type`, else inferred from the top folder of its path, else `note`.

/** Top-folder name (lower case) -> type. Spread it into your own map to extend it. */
export const DEFAULT_FOLDER_TYPES: Readonly<Record<string, string>> = Object.freeze({
  people: 'person',
  person: 'person',
  persons: 'person',
  contacts: 'person',
  companies: 'company',
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
  return typeFromFolder(path, folderTypes);
}

/** Type implied by the first folder of a vault-relative path (`People/Alice.md` -> `person`). */
export function typeFromFolder(path: string, folderTypes: Readonly<Record<string, string>> = DEFAULT_FOLDER_TYPES): string {
  const parts = path.split(/[/\\]/).filter((p) => p !== '' && p !== '.');
  if (parts.length < 2) return DEFAULT_NOTE_TYPE;
  const folder = parts[0]!.toLowerCase();
  return Object.prototype.hasOwnProperty.call(folderTypes, folder) ? folderTypes[folder]! : DEFAULT_NOTE_TYPE;
}
