// Thin notes: entities other notes rely on (linked from at least two) whose own text says almost nothing.
import { neutralizeTitle as label } from '../neutralize';
import type { Gap } from '../types';
import type { GapContext } from './context';

const THIN_WORDS = 20;
const MIN_BACKLINKS = 2;

export async function findThin(ctx: GapContext, paths: string[]): Promise<Gap[]> {
  const gaps: Gap[] = [];
  for (const path of paths) {
    const page = await ctx.page(path);
    if (!page || page.type === 'daily') continue;
    const words = bodyWords(page.compiledTruth, page.title) + bodyWords(page.timeline, '');
    if (words >= THIN_WORDS) continue;
    const linkers = new Set((await ctx.engine.backlinks(path)).map((b) => b.from).filter((p) => p !== path && ctx.accepts(p)));
    if (linkers.size < MIN_BACKLINKS) continue;
    gaps.push({
      kind: 'thin',
      detail: `${label(page.title)} has ${words} word${words === 1 ? '' : 's'} of content but ${linkers.size} notes link to it.`,
      paths: [path],
    });
  }
  return gaps;
}

/** Words of prose, not counting the title heading or link/markup syntax. */
function bodyWords(text: string, title: string): number {
  const body = text
    .split('\n')
    .filter((l) => !(/^#{1,6}\s/.test(l) && l.replace(/^#+\s*/, '').trim() === title))
    .join(' ')
    .replace(/\[\[([^\]|]*\|)?([^\]]*)\]\]/g, '$2')
    .replace(/[#*_>`|-]+/g, ' ');
  const latin = body.match(/[\p{L}\p{N}]+/gu)?.filter((w) => !/\p{Script=Han}/u.test(w)).length ?? 0;
  const cjk = body.match(/\p{Script=Han}/gu)?.length ?? 0;
  return latin + Math.ceil(cjk / 2);
}
