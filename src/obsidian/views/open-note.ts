// Opening notes from the panes: at a line when the note exists; through the link text otherwise (which lets
// Obsidian create a missing note the way clicking an unresolved link does).
import { normalizePath, TFile, type App, type PaneType } from 'obsidian';

/** `newLeaf` as `Workspace.getLeaf` takes it: false for the current tab, 'tab' / 'split' / 'window' otherwise. */
export async function openNote(app: App, path: string, line?: number, newLeaf: PaneType | boolean = false): Promise<void> {
  const file = app.vault.getAbstractFileByPath(path);
  if (!(file instanceof TFile)) {
    await app.workspace.openLinkText(path, '', newLeaf);
    return;
  }
  const leaf = app.workspace.getLeaf(newLeaf);
  // eState lines are 0-based; the index reports 1-based lines.
  await leaf.openFile(file, line && line > 0 ? { eState: { line: line - 1 } } : undefined);
}

export async function openLink(app: App, linktext: string, sourcePath: string, newLeaf: PaneType | boolean = false): Promise<void> {
  await app.workspace.openLinkText(linktext, sourcePath, newLeaf);
}

/** Characters Obsidian refuses in file names, plus the link syntax ones a note name cannot carry. */
const BAD_NAME = /[\\:*?"<>|#^[\]]/;

/**
 * Opens the note a link names, creating it first when it does not exist: a bare name goes in the folder for
 * new notes (as clicking an unresolved link would put it), a name with a folder is taken from the vault root.
 */
export async function createLinkedNote(app: App, linktext: string, sourcePath: string): Promise<TFile> {
  const name = linktext.trim().replace(/\.md$/i, '');
  const segments = name.split('/');
  if (!name || name.length > 500 || BAD_NAME.test(name) || segments.some((s) => s.trim() === '' || s === '.' || s === '..')) {
    throw new Error(`"${linktext}" is not a valid note name`);
  }
  let file = app.metadataCache.getFirstLinkpathDest(name, sourcePath);
  if (!file) {
    const folder = segments.length > 1 ? '' : app.fileManager.getNewFileParent(sourcePath).path;
    const path = normalizePath(`${folder}/${name}.md`);
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    if (dir && !app.vault.getAbstractFileByPath(dir)) await app.vault.createFolder(dir);
    const found = app.vault.getAbstractFileByPath(path);
    file = found instanceof TFile ? found : await app.vault.create(path, '');
  }
  await app.workspace.getLeaf(false).openFile(file);
  return file;
}
