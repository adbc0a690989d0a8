// Realistic code for snippet notes and the code/ folder, so the code chunker has functions,
// classes and methods in several languages to split on. `n` is a short identifier stem.

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

export const SNIPPETS = {
  typescript: [
    (n) => `export class ${cap(n)}Cache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  constructor(private readonly ttlMs: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V): void {
    this.entries.set(key, { value, expiresAt: Date.now() + this.ttlMs });
  }
}`,
    (n) => `export async function retry${cap(n)}<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  let lastError: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      lastError = err;
      const delay = Math.min(30_000, 2 ** i * 250) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  throw lastError;
}`,
    (n) => `interface ${cap(n)}Event {
  id: string;
  type: 'created' | 'updated' | 'deleted';
  at: number;
}

export function project${cap(n)}(events: ${cap(n)}Event[]): Map<string, ${cap(n)}Event> {
  const state = new Map<string, ${cap(n)}Event>();
  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    if (event.type === 'deleted') state.delete(event.id);
    else state.set(event.id, event);
  }
  return state;
}`,
    (n) => `export function reciprocalRankFusion(lists: string[][], k = 60): Array<[string, number]> {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, rank) => {
      scores.set(id, (scores.get(id) ?? 0) + 1 / (k + rank + 1));
    });
  }
  // ${n}: ties keep insertion order, which is the first list's order
  return [...scores.entries()].sort((a, b) => b[1] - a[1]);
}`,
    (n) => `export function debounce${cap(n)}<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A): void => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
}`,
  ],
  python: [
    (n) => `from dataclasses import dataclass, field
import time


@dataclass
class ${cap(n)}Bucket:
    capacity: int
    refill_per_second: float
    tokens: float = field(init=False)
    updated: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.capacity)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.refill_per_second)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False`,
    (n) => `import math


def cosine_${n}(a: list[float], b: list[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def top_k_${n}(query: list[float], rows: dict[str, list[float]], k: int = 5) -> list[tuple[str, float]]:
    scored = [(key, cosine_${n}(query, vec)) for key, vec in rows.items()]
    return sorted(scored, key=lambda item: item[1], reverse=True)[:k]`,
    (n) => `import hashlib


class ${cap(n)}BloomFilter:
    def __init__(self, size: int = 1 << 16, hashes: int = 4) -> None:
        self.size = size
        self.hashes = hashes
        self.bits = bytearray(size // 8)

    def _positions(self, item: str):
        digest = hashlib.sha256(item.encode()).digest()
        for i in range(self.hashes):
            yield int.from_bytes(digest[i * 4:(i + 1) * 4], "big") % self.size

    def add(self, item: str) -> None:
        for p in self._positions(item):
            self.bits[p // 8] |= 1 << (p % 8)

    def __contains__(self, item: str) -> bool:
        return all(self.bits[p // 8] & (1 << (p % 8)) for p in self._positions(item))`,
    (n) => `import pandas as pd


def weekly_${n}_retention(events: pd.DataFrame) -> pd.DataFrame:
    events["week"] = events["ts"].dt.to_period("W")
    first = events.groupby("user_id")["week"].min().rename("cohort")
    joined = events.join(first, on="user_id")
    joined["age"] = (joined["week"] - joined["cohort"]).apply(lambda d: d.n)
    return joined.pivot_table(index="cohort", columns="age", values="user_id", aggfunc="nunique")`,
  ],
  go: [
    (n) => `package ${n}

import (
	"context"
	"sync"
)

// FanOut runs fn for every item with at most limit goroutines in flight.
func FanOut[T any](ctx context.Context, items []T, limit int, fn func(context.Context, T) error) error {
	var wg sync.WaitGroup
	sem := make(chan struct{}, limit)
	errs := make(chan error, len(items))
	for _, item := range items {
		wg.Add(1)
		sem <- struct{}{}
		go func(it T) {
			defer wg.Done()
			defer func() { <-sem }()
			if err := fn(ctx, it); err != nil {
				errs <- err
			}
		}(item)
	}
	wg.Wait()
	close(errs)
	return <-errs
}`,
    (n) => `package ${n}

import "hash/crc32"

type Ring struct {
	nodes  []uint32
	owners map[uint32]string
}

func (r *Ring) Add(node string, replicas int) {
	for i := 0; i < replicas; i++ {
		h := crc32.ChecksumIEEE([]byte(node + string(rune(i))))
		r.nodes = append(r.nodes, h)
		r.owners[h] = node
	}
}

func (r *Ring) Owner(key string) string {
	h := crc32.ChecksumIEEE([]byte(key))
	for _, n := range r.nodes {
		if n >= h {
			return r.owners[n]
		}
	}
	return r.owners[r.nodes[0]]
}`,
    (n) => `package ${n}

import (
	"net/http"
	"time"
)

type Breaker struct {
	failures  int
	threshold int
	openUntil time.Time
}

func (b *Breaker) Do(req *http.Request, client *http.Client) (*http.Response, error) {
	if time.Now().Before(b.openUntil) {
		return nil, http.ErrHandlerTimeout
	}
	resp, err := client.Do(req)
	if err != nil || resp.StatusCode >= 500 {
		b.failures++
		if b.failures >= b.threshold {
			b.openUntil = time.Now().Add(30 * time.Second)
			b.failures = 0
		}
		return resp, err
	}
	b.failures = 0
	return resp, nil
}`,
  ],
};

export const LANG_FENCE = { typescript: 'ts', python: 'python', go: 'go' };

/** Whole source files for the code/ folder. */
export const CODE_FILES = [
  {
    ext: 'ts',
    make: (n) => `// ${cap(n)} service client: typed wrapper around a JSON HTTP API with timeouts.

export interface ${cap(n)}Record {
  id: string;
  name: string;
  updatedAt: string;
}

export class ${cap(n)}Client {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5_000,
  ) {}

  async get(id: string): Promise<${cap(n)}Record> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const res = await fetch(\`\${this.baseUrl}/records/\${encodeURIComponent(id)}\`, { signal: controller.signal });
      if (!res.ok) throw new Error(\`HTTP \${res.status}\`);
      return (await res.json()) as ${cap(n)}Record;
    } finally {
      clearTimeout(timer);
    }
  }

  async list(limit = 50): Promise<${cap(n)}Record[]> {
    const res = await fetch(\`\${this.baseUrl}/records?limit=\${limit}\`);
    return (await res.json()) as ${cap(n)}Record[];
  }
}

export function byRecency(a: ${cap(n)}Record, b: ${cap(n)}Record): number {
  return b.updatedAt.localeCompare(a.updatedAt);
}
`,
  },
  {
    ext: 'ts',
    make: (n) => `// Sliding-window rate limiter for the ${n} API gateway.

export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  allow(client: string, now = Date.now()): boolean {
    const recent = (this.hits.get(client) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(client, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(client, recent);
    return true;
  }

  reset(client: string): void {
    this.hits.delete(client);
  }
}
`,
  },
  {
    ext: 'py',
    make: (n) => `"""${cap(n)} ingestion job: reads CSV exports and upserts them into Postgres."""

import csv
from pathlib import Path


class ${cap(n)}Importer:
    def __init__(self, conn, table: str = "${n}_rows") -> None:
        self.conn = conn
        self.table = table

    def read(self, path: Path) -> list[dict[str, str]]:
        with path.open(newline="", encoding="utf-8") as handle:
            return list(csv.DictReader(handle))

    def upsert(self, rows: list[dict[str, str]]) -> int:
        with self.conn.cursor() as cur:
            for row in rows:
                cur.execute(
                    f"INSERT INTO {self.table} (id, payload) VALUES (%s, %s) "
                    "ON CONFLICT (id) DO UPDATE SET payload = EXCLUDED.payload",
                    (row["id"], row),
                )
        self.conn.commit()
        return len(rows)


def main(path: str) -> None:
    import psycopg

    with psycopg.connect() as conn:
        importer = ${cap(n)}Importer(conn)
        print(importer.upsert(importer.read(Path(path))))
`,
  },
  {
    ext: 'py',
    make: (n) => `"""Evaluation helpers for the ${n} retrieval experiments."""


def recall_at_k(ranked: list[str], relevant: set[str], k: int = 10) -> float:
    if not relevant:
        return 0.0
    return len(set(ranked[:k]) & relevant) / len(relevant)


def mrr(ranked: list[str], relevant: set[str]) -> float:
    for i, doc in enumerate(ranked, start=1):
        if doc in relevant:
            return 1.0 / i
    return 0.0


class ${cap(n)}Report:
    def __init__(self) -> None:
        self.rows: list[tuple[str, float, float]] = []

    def add(self, query: str, ranked: list[str], relevant: set[str]) -> None:
        self.rows.append((query, recall_at_k(ranked, relevant), mrr(ranked, relevant)))

    def summary(self) -> dict[str, float]:
        n = max(1, len(self.rows))
        return {
            "recall@10": sum(r for _, r, _ in self.rows) / n,
            "mrr": sum(m for _, _, m in self.rows) / n,
        }
`,
  },
];

export const CODE_STEMS = ['billing', 'search', 'ledger', 'inventory', 'routing', 'telemetry', 'ingest', 'profile', 'catalog', 'pricing', 'audit', 'notify', 'sync', 'orders', 'scheduler', 'metrics'];
