// CONTRACT STUB — being implemented (links helper). Signature is fixed; callers rely on it.
import type { ExtractedLink } from '../types';

export interface LinkExtractionInput {
  /** Vault-relative path of the note. */
  path: string;
  /** The whole file text. */
  text: string;
  /** Parsed frontmatter (may be {}), raw YAML text and its first line (1-based; 0 when none). */
  frontmatter: Record<string, unknown>;
  frontmatterText: string;
  frontmatterStartLine: number;
  /** Offset where the body starts in `text`. */
  bodyStart: number;
  /** Page type (`person`, `company`, `meeting`, ...), used by typed-edge rules. */
  pageType: string;
}

export function extractLinks(input: LinkExtractionInput): ExtractedLink[] {
  void input;
  throw new Error('not implemented');
}
