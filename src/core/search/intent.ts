// What a query asks, decided by rules (no model): a relation between notes (the graph arm's intent), one note
// named by its title or alias, a time window, an event, or none of these. Checked in that order: "who attended
// the 2024-03-05 board meeting" is a relation question even though it holds a date.
import type { BrainEngine } from '../engine/brain-engine';
import { nameKey } from '../engine/names';
import { parseTimeWindow } from './temporal';
import type { EntityRef, QueryIntent } from './types';

// "Call" and "sync" are meetings only as a meeting is named ("a call with", "weekly sync", "the sales call"): bare,
// they are a verb ("what do you call…") or a feature ("keep my notes in sync", Obsidian Sync).
const EVENT_EN =
  /\b(?:meetings?|met|meet|standups?|stand-ups?|1:1s?|one-on-ones?|interviews?|offsites?|workshops?|conferences?|events?|happened|happen|occurred)\b|\b(?:a|an|our|last|next|weekly|daily|monthly|quarterly|team|sales|intro|phone|video|kickoff|kick-off)\s+(?:calls?|syncs?)\b|^\s*when\s+(?:did|was|were|have|has)\b/i;
const EVENT_ZH = /会议|开会|会面|见面|碰面|通话|电话会|面试|活动|发生了?什么|什么时候|何时|哪天|哪一天/u;

// Words around a name that still make the query "about that note" ("who is Alice Chen", 介绍一下王伟).
const ENTITY_PREFIX =
  /^(?:(?:who|what)\s+(?:is|are|was|were)\s+|who's\s+|what's\s+|tell\s+me\s+about\s+|(?:show|find|open)\s+(?:me\s+)?(?:the\s+)?(?:note\s+(?:on|about|for)\s+)?|notes?\s+(?:on|about)\s+|about\s+|谁是|介绍一下|介绍|关于)/iu;
const ENTITY_SUFFIX = /(?:是谁|是什么|是哪家公司|的资料|的信息|的笔记|['\u2019]s\s+(?:notes?|page|profile))$/iu;
const EDGE = /^[\s"'“”‘’「」?？!！。.,，]+|[\s"'“”‘’「」?？!！。.,，]+$/gu;

/** The query with question wrapping removed, as a name might be written. */
export function entityText(query: string): string {
  let q = query.normalize('NFKC').replace(EDGE, '').trim();
  q = q.replace(ENTITY_PREFIX, '').replace(ENTITY_SUFFIX, '').replace(EDGE, '').trim();
  return q;
}

export function isEventQuery(query: string): boolean {
  return EVENT_EN.test(query) || EVENT_ZH.test(query);
}

/** The note whose title or alias is exactly what the query names, or null. */
export async function namedEntity(engine: BrainEngine, query: string): Promise<(EntityRef & { name: string }) | null> {
  const text = entityText(query);
  if (text.length === 0 || text.length > 120) return null;
  const key = nameKey(text);
  const named = await engine.findEntities(text, 5);
  const hit = named.find((n) => nameKey(n.name) === key);
  return hit ? { path: hit.path, title: hit.title, name: hit.name } : null;
}

/**
 * The intent of `query`. `graphIntent` is the relation/connects intent the graph arm resolved (it needs the
 * store to know the names are notes); `now` anchors relative time words.
 */
export async function classifyIntent(engine: BrainEngine, query: string, graphIntent: QueryIntent | undefined, now: Date): Promise<QueryIntent> {
  if (graphIntent) return graphIntent;
  // A query that is exactly a note's name asks for that note, even when the name holds a date or "meeting".
  const entity = await namedEntity(engine, query);
  if (entity) return { kind: 'entity', entity: { path: entity.path, title: entity.title }, name: entity.name };
  const window = parseTimeWindow(query, now);
  const event = isEventQuery(query);
  if (window) return { kind: 'temporal', window, event };
  if (event) return { kind: 'event' };
  return { kind: 'general' };
}
