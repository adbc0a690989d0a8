// Conflicts: typed facts in current text that cannot all be true. (1) A person who `works_at` two different
// organisations outside the timeline. (2) Two notes about the same entity (one's title is the other's alias)
// whose frontmatter gives the same field different values.
import { kindOfType } from '../../links/entity-kinds';
import { neutralizeTitle as label } from '../neutralize';
import type { Gap } from '../types';
import { uniquePaths, type GapContext } from './context';

/** Bookkeeping fields that differ between any two notes without anyone being wrong. */
const IGNORED_FIELDS = new Set(['type', 'tags', 'tag', 'aliases', 'alias', 'title', 'created', 'updated', 'modified', 'date', 'cssclasses', 'cssclass', 'publish', 'status']);

interface Evidence {
  target: string;
  writtenIn: string;
  line: number;
}

export async function findConflicts(ctx: GapContext, paths: string[]): Promise<Gap[]> {
  const gaps: Gap[] = [];
  for (const path of paths) {
    const employer = await employerConflict(ctx, path);
    if (employer) gaps.push(employer);
  }
  const seenPairs = new Set<string>();
  for (const path of paths) {
    for (const gap of await frontmatterConflicts(ctx, path)) {
      const key = `${gap.paths.slice().sort().join('\u0000')}\u0000${gap.detail.split(':')[0] ?? ''}`;
      if (seenPairs.has(key)) continue;
      seenPairs.add(key);
      gaps.push(gap);
    }
  }
  return gaps;
}

async function employerConflict(ctx: GapContext, person: string): Promise<Gap | null> {
  const page = await ctx.page(person);
  if (!page || kindOfType(page.type) !== 'person') return null;
  // Every current employment fact, wherever it is written: the person's own page ("works at [[X]]") and the
  // employers' pages ("[[Dana]] works here as head of research"). Ended ones ("used to work at") are history.
  const evidence: Evidence[] = [];
  for (const l of await ctx.engine.outgoingLinks(person)) {
    if (l.type === 'works_at' && l.direction === 'out' && l.to && !l.past) evidence.push({ target: l.to, writtenIn: person, line: l.line });
  }
  for (const b of await ctx.engine.backlinks(person)) {
    if (b.type === 'works_at' && b.direction === 'in' && !b.past) evidence.push({ target: b.from, writtenIn: b.from, line: b.line });
  }
  const current: Evidence[] = [];
  for (const e of evidence) {
    if (e.target === person || !ctx.accepts(e.writtenIn) || !ctx.accepts(e.target)) continue;
    // A timeline line is history ("joined X in 2021"), and "hired Alice" does not make Alice work at a person.
    if ((await ctx.timelineLines(e.writtenIn)).has(e.line)) continue;
    if (kindOfType((await ctx.page(e.target))?.type) === 'person') continue;
    current.push(e);
  }
  const targets = uniquePaths(current.map((e) => e.target));
  if (targets.length < 2) return null;
  const parts: string[] = [];
  for (const t of targets) {
    const where = current.filter((e) => e.target === t).map((e) => `${e.writtenIn} line ${e.line}`);
    parts.push(`${label(await ctx.title(t))} (${label(uniquePaths(where).join('; '), 400)})`);
  }
  return {
    kind: 'conflict',
    detail: `${label(page.title)} works at ${targets.length} different places in current text: ${parts.join(' vs ')}.`,
    paths: uniquePaths([person, ...current.map((e) => e.writtenIn), ...targets]),
  };
}

async function frontmatterConflicts(ctx: GapContext, path: string): Promise<Gap[]> {
  const page = await ctx.page(path);
  if (!page) return [];
  const names = new Set([page.title, ...page.aliases].map((n) => n.toLowerCase()));
  const matches = await ctx.engine.findEntities([...names].join(' \n '), 20);
  const gaps: Gap[] = [];
  for (const m of matches) {
    if (m.path === path || !ctx.accepts(m.path) || !names.has(m.name.toLowerCase())) continue;
    const other = await ctx.page(m.path);
    if (!other) continue;
    // Same entity only when the other note's own title is one of this note's names (or the reverse).
    const otherNames = new Set([other.title, ...other.aliases].map((n) => n.toLowerCase()));
    if (!names.has(other.title.toLowerCase()) && !otherNames.has(page.title.toLowerCase())) continue;
    for (const [field, value] of Object.entries(page.frontmatter)) {
      if (IGNORED_FIELDS.has(field.toLowerCase()) || !isScalar(value)) continue;
      const otherValue = other.frontmatter[field];
      if (!isScalar(otherValue) || sameValue(value, otherValue)) continue;
      gaps.push({
        kind: 'conflict',
        detail: `${label(field)}: ${label(page.title)} (${label(path)}) says ${label(String(value))}, ${label(other.title)} (${label(other.path)}) says ${label(String(otherValue))}.`,
        paths: [path, other.path],
      });
    }
  }
  return gaps;
}

function isScalar(v: unknown): v is string | number | boolean {
  return (typeof v === 'string' && v.trim() !== '' && !v.includes('[[')) || typeof v === 'number' || typeof v === 'boolean';
}

function sameValue(a: string | number | boolean, b: string | number | boolean): boolean {
  return String(a).trim().toLowerCase() === String(b).trim().toLowerCase();
}
