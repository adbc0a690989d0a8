// Reads what a model wrote into claims with source numbers. Models wrap, truncate and embellish their output,
// so this accepts the asked-for line format, JSON (bare, fenced, followed by chatter, or cut off mid-way) and
// falls back to plain sentences (which then carry no sources and are reported as unsourced).
import { MAX_MODEL_ANSWER_CHARS as MAX_INPUT_CHARS } from './providers/options';

export interface RawClaim {
  text: string;
  /** Excerpt numbers as the model wrote them; not yet checked. */
  sources: number[];
}

const MAX_CLAIMS = 60;
const MAX_CLAIM_CHARS = 2000;
/** `[3]`, `[1, 4]`, `[^2]`; `isMarker` rules out `[[2024]]` (a wikilink). */
const MARKER = /\[\^?(\d{1,4}(?:\s*[,;]\s*\^?\d{1,4})*)\](?!\])/g;

function isMarker(text: string, index: number): boolean {
  return text[index - 1] !== '[';
}

export function parseModelAnswer(output: string): RawClaim[] {
  const text = output.slice(0, MAX_INPUT_CHARS).replace(/\r\n?/g, '\n').trim();
  if (text === '') return [];
  const fromJson = parseJsonClaims(text);
  const claims = fromJson ?? parseLines(text);
  return claims
    .map((c) => ({ text: c.text.trim().slice(0, MAX_CLAIM_CHARS), sources: c.sources }))
    .filter((c) => c.text !== '')
    .slice(0, MAX_CLAIMS);
}

function parseLines(text: string): RawClaim[] {
  const out: RawClaim[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^\s*(?:[-*•]|\d{1,3}[.)])\s+/, '').trim();
    if (line === '' || /^```/.test(line) || /^#{1,6}\s/.test(line)) continue;
    const sources: number[] = [];
    sources.push(...markerNumbers(line));
    const claimText = stripMarkers(line).replace(/\s+([.,;:!?])/g, '$1').replace(/\s{2,}/g, ' ').trim();
    out.push({ text: claimText, sources: unique(sources) });
  }
  return out;
}

/** `{"claims":[{"text","sources"}]}` or a bare array of such objects; null when the output is not that shape. */
function parseJsonClaims(text: string): RawClaim[] | null {
  // Inside a code fence when there is one (closed or not), else the whole text.
  const fence = /```[a-zA-Z]*[^\S\n]*\n([\s\S]*?)(?:\n```|$)/.exec(text);
  const unfenced = fence?.[1] ?? text;
  const start = unfenced.search(/[[{]/);
  if (start < 0 || !/"(?:claims|text)"\s*:/.test(unfenced)) return null;
  const body = unfenced.slice(start);
  const whole = tryParse(body) ?? tryParse(body.slice(0, body.lastIndexOf(body[0] === '{' ? '}' : ']') + 1));
  const fromWhole = whole === undefined ? null : claimsFrom(whole);
  if (fromWhole) return fromWhole;
  // Cut off or otherwise broken: salvage every complete claim object.
  const salvaged: RawClaim[] = [];
  for (const m of body.matchAll(/\{[^{}]*"text"\s*:\s*"(?:[^"\\]|\\.)*"[^{}]*\}/g)) {
    const obj = tryParse(m[0]);
    const claim = obj === undefined ? null : toClaim(obj);
    if (claim) salvaged.push(claim);
  }
  return salvaged.length > 0 ? salvaged : null;
}

function tryParse(s: string): unknown {
  try {
    const value: unknown = JSON.parse(s);
    return value;
  } catch {
    return undefined;
  }
}

function claimsFrom(value: unknown): RawClaim[] | null {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? (value as { claims?: unknown }).claims : undefined;
  if (!Array.isArray(list)) return null;
  return list.map(toClaim).filter((c): c is RawClaim => c !== null);
}

function toClaim(value: unknown): RawClaim | null {
  if (!value || typeof value !== 'object') return null;
  const obj = value as { text?: unknown; sources?: unknown };
  if (typeof obj.text !== 'string') return null;
  const sources: unknown[] = Array.isArray(obj.sources) ? (obj.sources as unknown[]) : [obj.sources];
  const numbers = sources.map((s) => (typeof s === 'string' ? Number(s.replace(/[^\d]/g, '')) : s)).filter((n): n is number => typeof n === 'number');
  // Markers written inline in the text count too.
  numbers.push(...markerNumbers(obj.text));
  return { text: stripMarkers(obj.text).trim(), sources: unique(numbers) };
}

function markerNumbers(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(MARKER)) {
    if (!isMarker(text, m.index)) continue;
    for (const n of (m[1] ?? '').split(/[,;]/)) out.push(Number(n.replace('^', '').trim()));
  }
  return out;
}

function stripMarkers(text: string): string {
  return text.replace(MARKER, (whole: string, _n: string, index: number) => (isMarker(text, index) ? '' : whole));
}

function unique(numbers: number[]): number[] {
  return [...new Set(numbers)];
}
