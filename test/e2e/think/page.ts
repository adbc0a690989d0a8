// The think e2e page: the panes page plus what the think pane's gap buttons use that the harness shim lacks
// (link lookup, the folder for new notes, creating a note).
import type { TFile } from '../harness/obsidian-shim';
import '../panes/page';

const { app } = window.__vb;
const vault = app.vault;
Object.assign(app.metadataCache, {
  getFirstLinkpathDest(linkpath: string): TFile | null {
    return vault.getFileByPath(linkpath) ?? vault.getFileByPath(`${linkpath}.md`);
  },
});
Object.assign(app, { fileManager: { getNewFileParent: () => ({ path: '/' }) } });
Object.assign(vault, {
  create: (path: string, data: string): Promise<TFile> => Promise.resolve(vault.setFile(path, data)),
  createFolder: (): Promise<void> => Promise.resolve(),
});
