// The one parameter schema for "which note": every op that takes a note names it the same way, so agents and the
// CLI see one description and one size bound.
export const noteParam = { type: 'string', description: 'Note path, path without .md, file name, title or alias', minLength: 1, maxLength: 1000 } as const;
