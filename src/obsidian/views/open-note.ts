// Opening notes from the panes: at a line when the note exists; through the link text otherwise (which lets
// Obsidian create a missing note the way clicking an unresolved link does).
import { TFile, type App } from 'obsidian';

export async function openNote(app: App, path: string, line?: number, newLeaf = false): Promise<void> {
  const file = app.vault.getAbstractFileByPath(path);
  if (!(file instanceof TFile)) {
    await app.workspace.openLinkText(path, '', newLeaf);
    return;
  }
  const leaf = app.workspace.getLeaf(newLeaf);
  // eState lines are 0-based; the index reports 1-based lines.
  await leaf.openFile(file, line && line > 0 ? { eState: { line: line - 1 } } : undefined);
}

export async function openLink(app: App, linktext: string, sourcePath: string): Promise<void> {
  await app.workspace.openLinkText(linktext, sourcePath, false);
}
