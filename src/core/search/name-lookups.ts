// One search asks the store about the same name several times: the title arm, the graph arm, the intent and
// create-safety each look the query (or the name inside it) up among titles and aliases. Within one search the
// answers cannot change, so the engine handed to the stages answers a repeated look-up from the first one
// (10k vault, fast mode: 2.9 findEntities and 1.1 titleSearch calls a query, a third of its store CPU).
import type { BrainEngine, EntityMatch, TitleHit } from '../engine/brain-engine';

/**
 * `engine` with findEntities and titleSearch remembered for the life of the returned object (one search).
 * findEntities answers a smaller limit from a larger one already asked (its order is fixed: longest name first,
 * then path, cut after the query); titleSearch only the same text and limit.
 */
export function withNameLookupCache(engine: BrainEngine): BrainEngine {
  const entities = new Map<string, { limit: number; rows: Promise<EntityMatch[]> }>();
  const titles = new Map<string, Promise<TitleHit[]>>();
  const findEntities = (text: string, limit: number): Promise<EntityMatch[]> => {
    const known = entities.get(text);
    if (known && known.limit >= limit) return known.rows.then((rows) => rows.slice(0, limit));
    const rows = engine.findEntities(text, limit);
    entities.set(text, { limit, rows });
    return rows;
  };
  const titleSearch = (text: string, limit: number): Promise<TitleHit[]> => {
    const key = `${limit}\u0000${text}`;
    const known = titles.get(key);
    if (known) return known;
    const rows = engine.titleSearch(text, limit);
    titles.set(key, rows);
    return rows;
  };
  return new Proxy(engine, {
    get(target, prop) {
      if (prop === 'findEntities') return findEntities;
      if (prop === 'titleSearch') return titleSearch;
      const value: unknown = Reflect.get(target, prop, target);
      // Methods run on the engine itself (its private state is not reachable through the proxy).
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
