// The settings tab. Include/exclude rules show a live preview of what they match; they and the embedder take
// effect with "Apply and reindex" (reopening the brain on every keystroke would be wasteful). Model settings
// for think apply from the next question.
//
// The rows are declared once (setting-rows.ts): Obsidian 1.13 and later render `getSettingDefinitions()` natively and
// find every row in settings search; older Obsidian calls `display()`, which draws the same rows.
import { Notice, Platform, PluginSettingTab, requireApiVersion, type Plugin, type SettingDefinitionItem } from 'obsidian';
import { mcpSettingGroup } from '../mcp/mcp-settings';
import { serverDatabaseGroup } from './server-database-settings';
import type { VaultBrainHost } from './host';
import { ignoreFilterRegExp } from '../../core/note/ignore-filters';
import { destructive, renderRowsImperatively, type SettingRow, type SettingRowGroup } from './setting-rows';
import { effectiveRules, MAX_LLM_NOTES, obsidianIgnoreFilters, parseRuleLines, previewRules, type EmbedderChoice, type LlmProvider } from './settings';
import type { SearchMode } from '../../core/search/modes';

type TextKey = 'embedderBaseUrl' | 'embedderModel' | 'embedderApiKey' | 'llmBaseUrl' | 'llmModel' | 'llmApiKey' | 'llmRerankModel';

export class VaultBrainSettingTab extends PluginSettingTab {
  /** Where the include/exclude preview is drawn now (a row of the Indexing group), so rule edits can refresh it. */
  private previewEl: HTMLElement | null = null;

  constructor(
    plugin: Plugin,
    private readonly host: VaultBrainHost,
  ) {
    super(plugin.app, plugin);
  }

  /** Obsidian 1.13+: the rows, rendered by Obsidian and indexed for settings search. */
  override getSettingDefinitions(): SettingDefinitionItem[] {
    return this.groups();
  }

  /** Obsidian before 1.13 (which never calls getSettingDefinitions): the same rows, drawn here. */
  override display(): void {
    this.drawnByDisplay = true;
    renderRowsImperatively(this.containerEl, this.groups());
  }

  /** Whether this tab was drawn by display() (Obsidian before 1.13, which has no update()). */
  private drawnByDisplay = false;

  /** Draws the tab again after a change that shows or hides rows, in whichever way this Obsidian draws it. */
  private redraw(): void {
    if (requireApiVersion('1.13.0') && !this.drawnByDisplay) {
      // Obsidian 1.13+: take the definitions again (their text depends on the settings) and re-apply `visible`.
      this.update();
      this.refreshDomState();
    } else {
      renderRowsImperatively(this.containerEl, this.groups());
    }
  }

  private groups(): SettingRowGroup[] {
    const groups = [this.indexingGroup(), this.embeddingsGroup(), this.searchGroup(), this.thinkingGroup()];
    if (this.host.mcp) groups.push(mcpSettingGroup(this.host.mcp, () => this.redraw()));
    const password = this.host.serverPassword;
    if (password) groups.push(serverDatabaseGroup(this.host, { desktop: Platform.isDesktopApp, password, redraw: () => this.redraw() }));
    return groups;
  }

  private save(): Promise<void> {
    return this.host.saveSettings();
  }

  private updatePreview(): void {
    const el = this.previewEl;
    if (!el) return;
    const p = previewRules(
      this.app.vault.getFiles().map((f) => f.path),
      effectiveRules(this.host.settings, this.app.vault.configDir, obsidianIgnoreFilters(this.app.vault)),
    );
    el.empty();
    el.createDiv({ text: `${p.matched.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} files will be indexed.` });
    for (const e of p.excluded) el.createDiv({ cls: 'vb-muted', text: `${e.path}: ${e.reason}` });
  }

  private indexingGroup(): SettingRowGroup {
    const s = (): VaultBrainHost['settings'] => this.host.settings;
    const rules = (name: string, desc: string, placeholder: string, key: 'include' | 'exclude', aliases: string[]): SettingRow => ({
      name,
      desc,
      aliases,
      render: (setting) =>
        void setting.addTextArea((t) =>
          t
            .setPlaceholder(placeholder)
            .setValue(s()[key].join('\n'))
            .onChange(async (v) => {
              s()[key] = parseRuleLines(v);
              this.updatePreview();
              await this.save();
            }),
        ),
    });
    return {
      type: 'group',
      heading: 'Indexing',
      items: [
        rules('Include folders', 'One folder or glob per line. Leave empty to index the whole vault.', 'Notes\nprojects/**', 'include', ['index folders']),
        rules('Exclude folders', 'One folder or glob per line. The config folder and the trash are always excluded.', 'Archive\n**/drafts', 'exclude', ['ignore folders']),
        {
          name: 'Respect Obsidian\'s excluded files',
          desc: ignoredFilesText(obsidianIgnoreFilters(this.app.vault)),
          aliases: ['userIgnoreFilters', 'ignored files'],
          render: (setting) =>
            void setting.addToggle((t) =>
              t.setValue(s().obsidianExcluded).onChange(async (v) => {
                s().obsidianExcluded = v;
                this.updatePreview();
                await this.save();
              }),
            ),
        },
        {
          name: 'Files to index',
          aliases: ['preview'],
          render: (setting) => {
            this.previewEl = setting.descEl.createDiv({ cls: 'vb-rule-preview' });
            this.updatePreview();
          },
        },
        {
          name: 'Code files',
          desc: 'Split code files and code blocks by function and class.',
          render: (setting) =>
            void setting.addToggle((t) =>
              t.setValue(s().codeChunking).onChange(async (v) => {
                s().codeChunking = v;
                await this.save();
              }),
            ),
        },
        {
          name: 'Change delay',
          desc: 'Milliseconds a note must stay unchanged before it is indexed again.',
          aliases: ['debounce'],
          render: (setting) =>
            void setting.addText((t) =>
              t.setValue(String(s().debounceMs)).onChange(async (v) => {
                const n = Number(v);
                if (!Number.isInteger(n) || n < 0 || n > 60000) return;
                s().debounceMs = n;
                await this.save();
              }),
            ),
        },
        {
          name: 'Apply and reindex',
          desc: 'Reopens the index with these rules and settings.',
          render: (setting) =>
            void setting.addButton((b) =>
              b.setButtonText('Apply').onClick(async () => {
                await this.host.applyIndexSettings();
              }),
            ),
        },
        {
          name: 'Rebuild index',
          desc: 'Reads every file again. Use it when results look stale.',
          render: (setting) =>
            void setting.addButton((b) =>
              destructive(b.setButtonText('Rebuild')).onClick(async () => {
                new Notice('Rebuilding the index…');
                await this.host.brain.rebuild();
              }),
            ),
        },
      ],
    };
  }

  private embeddingsGroup(): SettingRowGroup {
    const s = (): VaultBrainHost['settings'] => this.host.settings;
    const remote = (): boolean => s().embedder === 'openai';
    return {
      type: 'group',
      heading: 'Embeddings',
      items: [
        {
          name: 'Embedder',
          desc: 'Built-in works offline. None keeps keyword and graph search only. A change takes effect when you apply and reindex, and embeds every note again.',
          aliases: ['embeddings', 'vectors'],
          render: (setting) =>
            void setting.addDropdown((d) =>
              d
                .addOptions({ builtin: 'Built-in (offline)', none: 'None', openai: 'OpenAI-compatible' })
                .setValue(s().embedder)
                .onChange(async (v) => {
                  s().embedder = v as EmbedderChoice;
                  await this.save();
                  this.redraw();
                }),
            ),
        },
        this.textRow('Embeddings base URL', 'embedderBaseUrl', () => 'https://api.openai.com/v1', remote, 'Note text is sent to this endpoint to be embedded. Excluded folders never are.'),
        this.textRow('Embeddings model', 'embedderModel', () => 'text-embedding-3-small', remote),
        {
          name: 'Embedding size',
          desc: 'Dimensions to request, at most 2000. Leave 0 for the model\'s own size.',
          visible: remote,
          render: (setting) =>
            void setting.addText((t) =>
              t.setValue(String(s().embedderDims)).onChange(async (v) => {
                const n = Number(v.trim() || '0');
                if (!Number.isInteger(n) || n < 0 || n > 2000) return;
                s().embedderDims = n;
                await this.save();
              }),
            ),
        },
        this.textRow('Embeddings API key', 'embedderApiKey', () => '', remote, SECRET_DESC, true),
      ],
    };
  }

  private searchGroup(): SettingRowGroup {
    const s = (): VaultBrainHost['settings'] => this.host.settings;
    return {
      type: 'group',
      heading: 'Search',
      items: [
        {
          name: 'Search mode',
          desc: searchModeText(s().llmProvider !== 'none'),
          aliases: ['deep search', 'rerank', 'fast search'],
          render: (setting) =>
            void setting.addDropdown((d) =>
              d
                .addOptions({ fast: 'Fast', balanced: 'Balanced', deep: 'Deep' })
                .setValue(s().searchMode)
                .onChange(async (v) => {
                  s().searchMode = v as SearchMode;
                  await this.save();
                }),
            ),
        },
      ],
    };
  }

  private thinkingGroup(): SettingRowGroup {
    const s = (): VaultBrainHost['settings'] => this.host.settings;
    const model = (): boolean => s().llmProvider !== 'none';
    const anthropic = (): boolean => s().llmProvider === 'anthropic';
    const openai = (): boolean => s().llmProvider === 'openai';
    return {
      type: 'group',
      heading: 'Thinking',
      items: [
        {
          name: 'Model provider',
          desc: 'Without a provider, answers are assembled from your notes with no model.',
          aliases: ['llm', 'chat model', 'think'],
          render: (setting) =>
            void setting.addDropdown((d) =>
              d
                .addOptions({ none: 'None', anthropic: 'Anthropic', openai: 'OpenAI-compatible' })
                .setValue(s().llmProvider)
                .onChange(async (v) => {
                  s().llmProvider = v as LlmProvider;
                  await this.save();
                  this.redraw();
                }),
            ),
        },
        this.textRow('Base URL', 'llmBaseUrl', () => (anthropic() ? 'https://api.anthropic.com' : 'https://api.openai.com/v1'), model),
        this.textRow('Model', 'llmModel', () => (anthropic() ? 'claude-sonnet-4-5' : 'gpt-4o-mini'), model),
        this.textRow('API key', 'llmApiKey', () => '', model, SECRET_DESC, true),
        this.textRow(
          'Rerank model',
          'llmRerankModel',
          () => 'bge-reranker-v2-m3',
          openai,
          'A model served at the base URL\'s /rerank endpoint (llama.cpp, Jina style); it needs a base URL, since the default API has no such endpoint (without one the chat model reranks). Used only in deep search mode, to rerank the top results. Leave empty to rerank with the chat model.',
        ),
        {
          name: 'Most notes sent per question',
          desc: 'The text of at most this many notes (1 to 30) leaves your device for one answer.',
          visible: model,
          // A number field, not a slider: a slider shows its value only from Obsidian 1.13 on (before, through a
          // tooltip API 1.13 deprecates), and the user should see exactly how many notes may leave the device.
          render: (setting) =>
            void setting.addText((t) =>
              t.setValue(String(s().llmMaxNotes)).onChange(async (v) => {
                const n = Number(v.trim());
                if (!Number.isInteger(n) || n < 1 || n > MAX_LLM_NOTES) return;
                s().llmMaxNotes = n;
                await this.save();
              }),
            ),
        },
        {
          name: 'Answer timeout',
          desc: 'Seconds to wait for the model. After that the answer is assembled from your notes.',
          visible: model,
          render: (setting) =>
            void setting.addText((t) =>
              t.setValue(String(s().llmTimeoutSeconds)).onChange(async (v) => {
                const n = Number(v.trim());
                if (!Number.isInteger(n) || n < 5 || n > 600) return;
                s().llmTimeoutSeconds = n;
                await this.save();
              }),
            ),
        },
      ],
    };
  }

  private textRow(name: string, key: TextKey, placeholder: () => string, visible: () => boolean, desc?: string, secret = false): SettingRow {
    return {
      name,
      desc,
      visible,
      render: (setting) =>
        void setting.addText((t) => {
          t.setPlaceholder(placeholder())
            .setValue(this.host.settings[key])
            .onChange(async (v) => {
              this.host.settings[key] = v.trim();
              await this.host.saveSettings();
            });
          if (secret) t.inputEl.type = 'password';
        }),
    };
  }
}

/** What each search mode trades, and what deep mode sends where (a provider is needed for it to send anything). */
function searchModeText(provider: boolean): string {
  const modes = 'Fast searches keywords and titles only. Balanced is the default. Deep reads more candidates and follows links two hops out';
  return provider
    ? `${modes}, and the chat model (or the rerank model) below rewrites the query and reranks the results, which sends the query and the top passages to that provider.`
    : `${modes}. With a model provider set below, deep also has the model rewrite and rerank, which sends the query and the top passages to it.`;
}

// Keys stay in the plugin's data (data.json in the config folder), never in a note.
const SECRET_DESC = 'Stored with this plugin\'s settings on this device, never in your notes.';

/** What Obsidian's "Excluded files" (Files and links) holds now, and which of its expressions are invalid. */
function ignoredFilesText(filters: string[]): string {
  const intro = 'Leave out what Settings → Files and links → Excluded files hides from core search.';
  if (filters.length === 0) return `${intro} Nothing is excluded there now.`;
  const shown = filters.slice(0, 5).map((f) => (ignoreFilterRegExp(f) ? f : `${f} (invalid, skipped)`));
  return `${intro} Now: ${shown.join(', ')}${filters.length > 5 ? ` and ${filters.length - 5} more` : ''}.`;
}
