// YAML frontmatter: `---` on the first line (after an optional BOM) up to the next `---` or `...` line.
// A broken frontmatter never loses the note: the body is still parsed and the problem becomes a warning
// that points at the file line.
import { errorMessage } from '../errors';

import { parseDocument } from 'yaml';
import { frontmatterBounds, textStart } from './frontmatter-bounds';
import type { LineIndex } from './line-index';
import { parseSimpleYaml } from './simple-yaml';
import type { WarningList } from './warnings';

export interface FrontmatterParts {
  frontmatter: Record<string, unknown>;
  /** Raw YAML between the delimiter lines, '' when none. */
  frontmatterText: string;
  /** 1-based line of the first YAML line, 0 when there is no frontmatter. */
  frontmatterStartLine: number;
  /** Offset where the body starts: after the closing delimiter line, after a BOM, else 0. */
  bodyStart: number;
}

/**
 * The `yaml` package is quadratic or worse on some hostile shapes (thousands of unclosed `[`, `? ? ?`, many
 * aliases, thousands of keys), so YAML that is very large, deep or alias-heavy is reported instead of parsed.
 */
export const MAX_YAML_CHARS = 32 * 1024;
export const MAX_YAML_DEPTH = 64;
/** toJS refuses more than this many alias expansions anyway (billion-laughs guard); parsing them is slow. */
export const MAX_YAML_ALIASES = 100;
/** YAML errors reported per note; the first ones are the useful ones. */
const MAX_YAML_ERRORS = 5;

export function splitFrontmatter(text: string, lines: LineIndex, warnings: WarningList): FrontmatterParts {
  const bounds = frontmatterBounds(text);
  if (bounds === null || bounds === 'unclosed') {
    if (bounds === 'unclosed') warnings.add('frontmatter-unclosed', 'Frontmatter opened with --- is never closed; the whole file is read as body', 1);
    return { frontmatter: {}, frontmatterText: '', frontmatterStartLine: 0, bodyStart: textStart(text) };
  }
  const yamlText = text.slice(bounds.yamlStart, bounds.yamlEnd);
  return {
    frontmatter: parseYaml(yamlText, bounds.yamlStart, lines, warnings),
    frontmatterText: yamlText,
    frontmatterStartLine: 2,
    bodyStart: bounds.bodyStart,
  };
}

function parseYaml(yamlText: string, yamlStart: number, lines: LineIndex, warnings: WarningList): Record<string, unknown> {
  if (yamlText.trim() === '') return {};
  if (yamlText.length > MAX_YAML_CHARS) {
    warnings.add('yaml-too-large', `Frontmatter is larger than ${MAX_YAML_CHARS} characters and was not read`, lines.lineAt(yamlStart));
    return {};
  }
  const deep = findExcessiveNesting(yamlText);
  if (deep !== -1) {
    warnings.add('yaml-too-complex', 'Frontmatter is too deeply nested or uses too many aliases and was not read', lines.lineAt(yamlStart + deep));
    return {};
  }
  const simple = parseSimpleYaml(yamlText);
  if (simple !== undefined) return simple;
  let value: unknown;
  try {
    const doc = parseDocument(yamlText, { prettyErrors: false, uniqueKeys: true, logLevel: 'error' });
    for (const err of doc.errors.slice(0, MAX_YAML_ERRORS)) {
      const duplicate = err.code === 'DUPLICATE_KEY';
      const message = (err.message.split('\n')[0] ?? err.message).trim();
      warnings.add(duplicate ? 'yaml-duplicate-key' : 'yaml-invalid', message, lines.lineAt(yamlStart + (err.pos[0] ?? 0)));
    }
    value = doc.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (e) {
    // toJS throws on alias bombs and on some unrecoverable trees; keep the note, drop the frontmatter.
    warnings.add('yaml-invalid', errorMessage(e), lines.lineAt(yamlStart));
    return {};
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    warnings.add('frontmatter-not-object', `Frontmatter is a ${Array.isArray(value) ? 'list' : typeof value}, not a mapping; ignored`, lines.lineAt(yamlStart));
    return {};
  }
  return value as Record<string, unknown>;
}

/**
 * Offset in `yaml` of the first construct the `yaml` package handles badly (it goes quadratic or worse):
 * flow brackets (`[`, `{`) or block indicators (`- `, `? `, `: ` on one line) nested deeper than
 * MAX_YAML_DEPTH, or more than MAX_YAML_ALIASES alias references (`*name`). -1 when none. Quoted strings and
 * comments are skipped roughly (to the end of their line).
 */
export function findExcessiveNesting(yaml: string): number {
  let flow = 0;
  let indicators = 0;
  let aliases = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    if (c === 10) {
      indicators = 0;
      continue;
    }
    const prev = i === 0 ? 10 : yaml.charCodeAt(i - 1);
    const next = yaml.charCodeAt(i + 1);
    if ((c === 45 /* - */ || c === 63 /* ? */ || c === 58) /* : */ && (next === 32 || next === 9 || next === 10 || Number.isNaN(next))) {
      if (++indicators > MAX_YAML_DEPTH) return i;
      continue;
    }
    if (c === 34 /* " */ || c === 39 /* ' */) {
      const close = yaml.indexOf(String.fromCharCode(c), i + 1);
      const nl = yaml.indexOf('\n', i + 1);
      i = close !== -1 && (nl === -1 || close < nl) ? close : nl === -1 ? yaml.length : nl - 1;
      continue;
    }
    if (c === 35 /* # */ && prev <= 32) {
      const nl = yaml.indexOf('\n', i);
      i = nl === -1 ? yaml.length : nl - 1;
      continue;
    }
    if (c === 42 /* * */ && (prev <= 32 || prev === 91 || prev === 123 || prev === 44) && next > 32) {
      if (++aliases > MAX_YAML_ALIASES) return i;
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++flow > MAX_YAML_DEPTH) return i;
    } else if ((c === 93 /* ] */ || c === 125) /* } */ && flow > 0) {
      flow--;
    }
  }
  return -1;
}
