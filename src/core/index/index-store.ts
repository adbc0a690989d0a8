// What the indexer needs from storage: a slice of the BrainEngine contract, so the indexer can be tested
// against any engine and does not depend on search or embedding methods.
import type { BrainEngine } from '../engine/brain-engine';

export type { FileStatusRow, PageState, StoredFileStatus } from '../engine/brain-engine';

export type IndexStore = Pick<
  BrainEngine,
  | 'openState'
  | 'getPageStates'
  | 'getPage'
  | 'listPages'
  | 'putPages'
  | 'putProvisionalPages'
  | 'beginBulkLoad'
  | 'endBulkLoad'
  | 'deletePage'
  | 'renamePage'
  | 'listDanglingLinks'
  | 'linksToUnstoredPaths'
  | 'setLinkTargets'
  | 'linkTypingRows'
  | 'setLinkTypes'
  | 'kindEvidence'
  | 'fileStatuses'
  | 'recordFileStatus'
  | 'removeFileStatus'
  | 'getMeta'
  | 'setMeta'
  | 'clear'
  | 'flush'
>;
