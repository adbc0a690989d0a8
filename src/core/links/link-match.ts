import type { LinkSource } from '../types';

/** A link found by one of the scanners, before typing. Offsets are into the scanned text. */
export interface LinkMatch {
  start: number;
  end: number;
  raw: string;
  targetText: string;
  subpath?: string;
  alias?: string;
  source: LinkSource;
  field?: string;
}
