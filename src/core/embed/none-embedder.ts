// The `none` choice: no vectors at all; search runs on the keyword and graph arms only.

export const NONE_EMBEDDER_ID = 'none';
