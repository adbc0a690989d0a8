// The settings tab. Include/exclude rules show a live preview of what they match; they and the embedder take
// effect with "Apply and reindex" (reopening the brain on every keystroke would be wasteful). Model settings
// for think apply from the next question.
import { Notice, PluginSettingTab, Setting, type Plugin } from 'obsidian';
import { renderMcpSettings } from '../mcp/mcp-settings';
import type { VaultBrainHost } from './host';
import { ignoreFilterRegExp } from '../../core/note/ignore-filters';
import { effectiveRules, obsidianIgnoreFilters, parseRuleLines, previewRules, type EmbedderChoice, type LlmProvider } from './settings';

export class VaultBrainSettingTab extends PluginSettingTab {
  constructor(
    plugin: Plugin,
    private readonly host: VaultBrainHost,
  ) {
    super(plugin.app, plugin);
  }

  override display(): void {
    const { containerEl } = this;
    containerEl.empty();
    const s = this.host.settings;
    const save = (): Promise<void> => this.host.saveSettings();

    new Setting(containerEl).setName('Indexing').setHeading();
    const preview = createDiv({ cls: 'vb-rule-preview' });
    const updatePreview = (): void => {
      const p = previewRules(
        this.app.vault.getFiles().map((f) => f.path),
        effectiveRules(this.host.settings, this.app.vault.configDir, obsidianIgnoreFilters(this.app.vault)),
      );
      preview.empty();
      preview.createDiv({ text: `${p.matched.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} files will be indexed.` });
      for (const e of p.excluded) preview.createDiv({ cls: 'vb-muted', text: `${e.path}: ${e.reason}` });
    };
    new Setting(containerEl)
      .setName('Include folders')
      .setDesc('One folder or glob per line. Leave empty to index the whole vault.')
      .addTextArea((t) =>
        t
          .setPlaceholder('Notes\nprojects/**')
          .setValue(s.include.join('\n'))
          .onChange(async (v) => {
            this.host.settings.include = parseRuleLines(v);
            updatePreview();
            await save();
          }),
      );
    new Setting(containerEl)
      .setName('Exclude folders')
      .setDesc('One folder or glob per line. The config folder and the trash are always excluded.')
      .addTextArea((t) =>
        t
          .setPlaceholder('Archive\n**/drafts')
          .setValue(s.exclude.join('\n'))
          .onChange(async (v) => {
            this.host.settings.exclude = parseRuleLines(v);
            updatePreview();
            await save();
          }),
      );
    const ignored = obsidianIgnoreFilters(this.app.vault);
    new Setting(containerEl)
      .setName('Respect Obsidian\'s excluded files')
      .setDesc(ignoredFilesText(ignored))
      .addToggle((t) =>
        t.setValue(s.obsidianExcluded).onChange(async (v) => {
          this.host.settings.obsidianExcluded = v;
          updatePreview();
          await save();
        }),
      );
    containerEl.appendChild(preview);
    updatePreview();
    new Setting(containerEl)
      .setName('Code files')
      .setDesc('Split code files and code blocks by function and class.')
      .addToggle((t) =>
        t.setValue(s.codeChunking).onChange(async (v) => {
          this.host.settings.codeChunking = v;
          await save();
        }),
      );
    new Setting(containerEl)
      .setName('Change delay')
      .setDesc('Milliseconds a note must stay unchanged before it is indexed again.')
      .addText((t) =>
        t.setValue(String(s.debounceMs)).onChange(async (v) => {
          const n = Number(v);
          if (!Number.isInteger(n) || n < 0 || n > 60000) return;
          this.host.settings.debounceMs = n;
          await save();
        }),
      );
    new Setting(containerEl)
      .setName('Apply and reindex')
      .setDesc('Reopens the index with these rules and settings.')
      .addButton((b) =>
        b.setButtonText('Apply').onClick(async () => {
          await this.host.applyIndexSettings();
        }),
      );
    new Setting(containerEl)
      .setName('Rebuild index')
      .setDesc('Reads every file again. Use it when results look stale.')
      .addButton((b) =>
        b
          .setButtonText('Rebuild')
          .setWarning()
          .onClick(async () => {
            new Notice('Rebuilding the index…');
            await this.host.brain.rebuild();
          }),
      );

    new Setting(containerEl).setName('Embeddings').setHeading();
    new Setting(containerEl)
      .setName('Embedder')
      .setDesc('Built-in works offline. None keeps keyword and graph search only. A change takes effect when you apply and reindex, and embeds every note again.')
      .addDropdown((d) =>
        d
          .addOptions({ builtin: 'Built-in (offline)', none: 'None', openai: 'OpenAI-compatible' })
          .setValue(s.embedder)
          .onChange(async (v) => {
            this.host.settings.embedder = v as EmbedderChoice;
            await save();
            this.display();
          }),
      );
    if (s.embedder === 'openai') {
      this.text(containerEl, 'Embeddings base URL', 'embedderBaseUrl', 'https://api.openai.com/v1');
      this.text(containerEl, 'Embeddings model', 'embedderModel', 'text-embedding-3-small');
      new Setting(containerEl)
        .setName('Embedding size')
        .setDesc('Dimensions to request, at most 2000. Leave 0 for the model\'s own size.')
        .addText((t) =>
          t.setValue(String(s.embedderDims)).onChange(async (v) => {
            const n = Number(v.trim() || '0');
            if (!Number.isInteger(n) || n < 0 || n > 2000) return;
            this.host.settings.embedderDims = n;
            await save();
          }),
        );
      this.text(containerEl, 'Embeddings API key', 'embedderApiKey', '', true);
      containerEl.createDiv({ cls: 'vb-muted', text: 'Note text is sent to this endpoint to be embedded. Excluded folders never are.' });
    }

    new Setting(containerEl).setName('Thinking').setHeading();
    new Setting(containerEl)
      .setName('Model provider')
      .setDesc('Without a provider, answers are assembled from your notes with no model.')
      .addDropdown((d) =>
        d
          .addOptions({ none: 'None', anthropic: 'Anthropic', openai: 'OpenAI-compatible' })
          .setValue(s.llmProvider)
          .onChange(async (v) => {
            this.host.settings.llmProvider = v as LlmProvider;
            await save();
            this.display();
          }),
      );
    if (s.llmProvider !== 'none') {
      this.text(containerEl, 'Base URL', 'llmBaseUrl', s.llmProvider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1');
      this.text(containerEl, 'Model', 'llmModel', s.llmProvider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini');
      this.text(containerEl, 'API key', 'llmApiKey', '', true);
      new Setting(containerEl)
        .setName('Most notes sent per question')
        .setDesc('The text of at most this many notes leaves your device for one answer.')
        .addSlider((sl) =>
          sl
            .setLimits(1, 30, 1)
            .setValue(s.llmMaxNotes)
            .setDynamicTooltip()
            .onChange(async (v) => {
              this.host.settings.llmMaxNotes = v;
              await save();
            }),
        );
      new Setting(containerEl)
        .setName('Answer timeout')
        .setDesc('Seconds to wait for the model. After that the answer is assembled from your notes.')
        .addText((t) =>
          t.setValue(String(s.llmTimeoutSeconds)).onChange(async (v) => {
            const n = Number(v.trim());
            if (!Number.isInteger(n) || n < 5 || n > 600) return;
            this.host.settings.llmTimeoutSeconds = n;
            await save();
          }),
        );
    }

    if (this.host.mcp) renderMcpSettings(containerEl, this.host.mcp, () => this.display());
  }

  private text(containerEl: HTMLElement, name: string, key: 'embedderBaseUrl' | 'embedderModel' | 'embedderApiKey' | 'llmBaseUrl' | 'llmModel' | 'llmApiKey', placeholder: string, secret = false): void {
    const setting = new Setting(containerEl).setName(name);
    // Keys stay in the plugin's data (data.json in the config folder), never in a note.
    if (secret) setting.setDesc('Stored with this plugin\'s settings on this device, never in your notes.');
    setting.addText((t) => {
      t.setPlaceholder(placeholder)
        .setValue(this.host.settings[key])
        .onChange(async (v) => {
          this.host.settings[key] = v.trim();
          await this.host.saveSettings();
        });
      if (secret) t.inputEl.type = 'password';
    });
  }
}

/** What Obsidian's "Excluded files" (Files and links) holds now, and which of its expressions are invalid. */
function ignoredFilesText(filters: string[]): string {
  const intro = 'Leave out what Settings → Files and links → Excluded files hides from core search.';
  if (filters.length === 0) return `${intro} Nothing is excluded there now.`;
  const shown = filters.slice(0, 5).map((f) => (ignoreFilterRegExp(f) ? f : `${f} (invalid, skipped)`));
  return `${intro} Now: ${shown.join(', ')}${filters.length > 5 ? ` and ${filters.length - 5} more` : ''}.`;
}
