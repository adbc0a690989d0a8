// The settings tab is declared once, as groups of rows, in the shape of Obsidian 1.13's declarative settings API
// (`getSettingDefinitions()`: Obsidian renders it natively and indexes it for settings search). Obsidian before 1.13
// calls `display()` instead, which draws the same rows through `renderRowsImperatively` below, so every row is
// written once for both.
//
// Every row is a `render` row (the API's imperative row): it keeps our own input validation and the live
// preview, and it is the kind both renderers draw the same way. A row's render gets only the `Setting` (the API also
// passes a `SettingGroup`, a class Obsidian before 1.11 does not have).
import { requireApiVersion, Setting, type ButtonComponent } from 'obsidian';

export interface SettingRow {
  /** Shown as the row's name, and what settings search matches. */
  name: string;
  desc?: string;
  /** Extra words settings search should match. */
  aliases?: string[];
  /** Evaluated at each render (and on `refreshDomState` in 1.13): a hidden row is neither drawn nor searchable. */
  visible?: () => boolean;
  /** Fills the row's controls; may return a cleanup run before the row is torn down (1.13) . */
  render: (setting: Setting) => void | (() => void);
}

export interface SettingRowGroup {
  type: 'group';
  heading: string;
  items: SettingRow[];
}

/** Draws the groups into `containerEl` as Obsidian before 1.13 expects a tab to: a heading row, then each row. */
export function renderRowsImperatively(containerEl: HTMLElement, groups: SettingRowGroup[]): void {
  containerEl.empty();
  for (const group of groups) {
    const rows = group.items.filter((row) => row.visible?.() ?? true);
    if (rows.length === 0) continue;
    new Setting(containerEl).setName(group.heading).setHeading();
    for (const row of rows) {
      const setting = new Setting(containerEl).setName(row.name);
      if (row.desc) setting.setDesc(row.desc);
      // The cleanup is not needed here: the next draw empties the container, and the rows that hold listeners check
      // that their element is still attached.
      row.render(setting);
    }
  }
}

/**
 * Marks a button as destructive: `setDestructive()` from Obsidian 1.13, which deprecates `setWarning()`; before 1.13
 * the class `setWarning()` adds, so the button looks as it always did.
 */
export function destructive(button: ButtonComponent): ButtonComponent {
  if (requireApiVersion('1.13.0')) button.setDestructive();
  else button.buttonEl.addClass('mod-warning');
  return button;
}
