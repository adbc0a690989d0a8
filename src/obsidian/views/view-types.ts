export const SEARCH_VIEW = 'vault-brain-search';
export const LINKS_VIEW = 'vault-brain-links';
export const STATUS_VIEW = 'vault-brain-status';
export const THINK_VIEW = 'vault-brain-think';
