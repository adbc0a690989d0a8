// Types for generate-vault.mjs, so TypeScript tests and scripts can import it.

/** [subjectPath, objectPath, sourcePath]: sourcePath is the note whose text states the fact. */
export type Fact = [subject: string, object: string, source: string];

export interface GroundTruth {
  version: 1;
  generator: string;
  seed: number;
  notes: number;
  /** Notes per kind (`person`, `person_zh`, `company`, ...) plus `code_files`. */
  counts: Record<string, number>;
  works_at: Fact[];
  founded: Fact[];
  invested_in: Fact[];
  advises: Fact[];
  attended: Fact[];
  former_works_at: Fact[];
  entities: {
    people: Array<{ path: string; title: string; lang: 'en' | 'zh'; aliases: string[] }>;
    companies: Array<{ path: string; title: string; lang: 'en' | 'zh'; aliases: string[]; investor: boolean; founded_year: number }>;
    meetings: Array<{ path: string; title: string; lang: 'en' | 'zh'; date: string }>;
    projects: Array<{ path: string; title: string; company: string; owner: string }>;
    concepts: Array<{ path: string; title: string; lang: 'en' | 'zh'; topic: string }>;
  };
  /** Links whose target note does not exist. */
  dangling: Array<{ from: string; target: string }>;
  /** Concept "See also" rings: each path links to the next, the last to the first. */
  cycles: string[][];
  /** Every link to an existing note: from path -> sorted target paths. */
  links: Record<string, string[]>;
}

export declare const GROUND_TRUTH_FILE: '.ground-truth.json';

/** The vault in memory: vault-relative path -> file text, plus the ground truth. */
export declare function buildVault(options?: { notes?: number; seed?: number }): {
  files: Map<string, string>;
  truth: GroundTruth;
};

/** Writes the vault (and `<out>/.ground-truth.json`, or `truth` when given). */
export declare function generateVault(options: { out: string; notes?: number; seed?: number; truth?: string }): {
  out: string;
  truthPath: string;
  files: number;
  bytes: number;
  ms: number;
  truth: GroundTruth;
};
