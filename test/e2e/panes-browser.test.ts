// Browser end-to-end for what users see: the production main.js loads, opens its brain once the layout is
// ready (its own worker, IndexedDB), and the search and links panes answer from a few hundred generated notes.
// Screenshots of the panes go to test-artifacts/; with UPDATE_DOC_IMAGES=1 they also replace the README images
// in docs/img/ (not on every run, so a test run leaves the checkout clean).
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVault } from '../../bench/generate-vault.mjs';
import { shootDocImage } from './doc-images';
import { MAIN_JS, startHarnessServer, type HarnessServer } from './harness-server';
import type { NoteInput } from './harness/page';
import { buildPanesPage } from './panes/build-page';

const CHROMIUM = '/usr/bin/chromium';
const NOTES = 300;
const STEP_TIMEOUT_MS = 240_000;

const hasChromium = existsSync(CHROMIUM);
const PLANTED = { note: 'Baking/Sourdough starter.md', neighbour: 'Baking/Levain feeding schedule.md' };

interface Truth {
  entities: { people: { path: string; title: string }[]; companies: { path: string; title: string }[] };
}

describe.skipIf(!hasChromium)('plugin panes in a browser', () => {
  let server: HarnessServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const notes: NoteInput[] = [];
  let truth: Truth;

  beforeAll(async () => {
    if (!existsSync(MAIN_JS)) throw new Error(`${MAIN_JS} is missing: run \`npm run build\` before the tests`);
    const vault = buildVault({ notes: NOTES, seed: 11 });
    truth = vault.truth;
    const mtime = Date.UTC(2025, 0, 1);
    for (const [path, content] of vault.files) notes.push({ path, content, mtime });
    // A planted pair for related notes: same subject, same tag, no link between them, and no words shared with
    // the generated people/companies/meetings notes.
    notes.push(
      { path: PLANTED.note, content: '---\ntags: [baking]\n---\n# Sourdough starter\n\nMy sourdough starter needs rye flour, water and a warm kitchen. Feed the starter twice a day; discard half before each feeding so the yeast and bacteria stay lively and the bread rises.\n', mtime },
      { path: PLANTED.neighbour, content: '---\ntags: [baking]\n---\n# Levain feeding schedule\n\nFeeding the levain: rye flour and water, twice a day, in a warm spot. Discard half first. A lively levain with active yeast makes the bread rise well.\n', mtime },
    );
    server = await startHarnessServer(await buildPanesPage());
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
    await context.route('**/*', (route) => (route.request().url().startsWith(server.url) || route.request().url().startsWith('blob:') ? route.continue() : route.abort()));
    page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const statusText = (): Promise<string> => page.evaluate(() => document.querySelector('.vb-status-bar')?.textContent ?? '');

  async function runCommand(id: string): Promise<void> {
    await page.evaluate(async (cid) => {
      const cmd = window.__vb.plugin?.commands.find((c) => c.id === cid);
      if (!cmd?.callback) throw new Error(`no command ${cid}`);
      await cmd.callback();
    }, id);
  }

  /** Gives the pane of a view type a sidebar-like frame for screenshots and returns its selector. */
  async function framePane(type: string): Promise<string> {
    await page.waitForFunction((t) => window.__vb.app.workspace.getLeavesOfType(t).length > 0, type);
    await page.evaluate((t) => {
      const leaf = window.__vb.app.workspace.getLeavesOfType(t)[0]!;
      leaf.containerEl.classList.add('vb-e2e-pane');
      leaf.containerEl.dataset.pane = t;
    }, type);
    return `[data-pane="${type}"]`;
  }

  const shoot = (selector: string, name: string): Promise<void> => shootDocImage(page, selector, name);

  it('loads main.js, opens the brain after layout ready and indexes the vault (status bar says ready)', async () => {
    await page.goto(`${server.url}/?appId=e2epanes0001`);
    await page.waitForFunction(() => document.title === 'Vault-brain e2e ready');
    expect(await page.evaluate((n) => window.__vb.setNotes(n), notes)).toBe(notes.length);
    const loaded = await page.evaluate(() => window.__vb.loadPlugin());
    expect(loaded.commands).toEqual(expect.arrayContaining(['open-search', 'open-links', 'rebuild-index', 'show-index-status', 'search-selection', 'think']));
    const seen = new Set<string>();
    const started = Date.now();
    while (Date.now() - started < STEP_TIMEOUT_MS - 10_000) {
      const text = await statusText();
      seen.add(text.replace(/\d[\d,]*/g, 'N'));
      if (text === 'Brain: ready' || text.startsWith('Brain: error')) break;
      await page.waitForTimeout(100);
    }
    expect(await statusText()).toBe('Brain: ready');
    process.stdout.write(`[e2e panes] status bar went through: ${[...seen].join(' | ')}\n`);
    const tooltip = await page.evaluate(() => document.querySelector('.vb-status-bar')?.getAttribute('aria-label') ?? '');
    expect(tooltip).toMatch(/[\d,]+ notes, [\d,]+ chunks/);
    // First enable: the search pane opened by itself, and the ribbon has the brain icon that opens it.
    expect(await page.evaluate(() => window.__vb.app.workspace.getLeavesOfType('vault-brain-search').length)).toBe(1);
    expect(await page.locator('.side-dock-ribbon-action[data-icon="brain"]').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('searches as you type: the note asked for is the first result, with why-badges and highlights', async () => {
    const company = truth.entities.companies[0]!;
    await runCommand('open-search');
    const pane = await framePane('vault-brain-search');
    await page.locator(`${pane} .vb-search-input`).pressSequentially(company.title, { delay: 20 });
    await page.waitForFunction(
      (sel) => document.querySelector(`${sel} .vb-search-message`)?.textContent?.includes('results in'),
      pane,
      { timeout: 60_000 },
    );
    const first = await page.locator(`${pane} .vb-result`).first().getAttribute('data-path');
    expect(first).toBe(company.path);
    const badges = await page.locator(`${pane} .vb-result-group`).first().locator('.vb-badge').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(await page.locator(`${pane} .vb-hl`).count()).toBeGreaterThan(0);
    // Snippets read as prose: the title (shown above them) not repeated by a heading line, no link syntax.
    const shown = await page.locator(`${pane} .vb-result-group`).evaluateAll((groups) =>
      groups.map((g) => ({ title: g.querySelector('.vb-result-title')?.textContent ?? '', snippets: [...g.querySelectorAll('.vb-result-snippet')].map((e) => e.textContent ?? '') })),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const { title, snippets } of shown) {
      for (const sn of snippets) {
        expect(sn).not.toContain(']]');
        expect(sn).not.toContain('[[');
        expect(sn.startsWith(`${title} ${title}`)).toBe(false);
      }
    }

    // Keyboard: ArrowDown selects the first hit, Enter opens it at its line.
    await page.locator(`${pane} .vb-search-input`).press('ArrowDown');
    await page.locator(`${pane} .vb-search-input`).press('Enter');
    const opened = await page.evaluate(() => window.__vbPanes.opened.at(-1));
    expect(opened?.path).toBe(company.path);
    expect(opened?.pane).toBe(false);
    // Mod-click (Ctrl here) opens the hit in a new tab, as core search does.
    await page.locator(`${pane} .vb-result`).first().click({ modifiers: ['Control'] });
    const modOpened = await page.evaluate(() => window.__vbPanes.opened.at(-1));
    expect(modOpened).toMatchObject({ path: company.path, pane: 'tab' });
    await shoot(pane, 'search-pane.png');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('shows a person\'s typed links and local graph in the links pane', async () => {
    const person = truth.entities.people[0]!;
    await runCommand('open-links');
    const pane = await framePane('vault-brain-links');
    await page.evaluate((p) => {
      const file = window.__vb.app.vault.getFileByPath(p);
      window.__vb.app.workspace.trigger('file-open', file);
    }, person.path);
    await page.waitForFunction((sel) => document.querySelector(`${sel} .vb-links-section`) !== null, pane, { timeout: 60_000 });
    const title = await page.locator(`${pane} .vb-links-title`).textContent();
    expect(title).toBe(person.title);
    const types = await page.locator(`${pane} .vb-link-item[data-types]`).evaluateAll((els) => els.flatMap((e) => (e.getAttribute('data-types') ?? '').split(' ')));
    expect(types).toContain('works_at');
    // One row per related note, and the graph's colours explained.
    const names = await page.locator(`${pane} .vb-links-section:not(.vb-dangling)`).first().locator('.vb-link-item > .vb-link-head .vb-link-name').allTextContents();
    expect(new Set(names).size).toBe(names.length);
    expect(await page.locator(`${pane} .vb-graph-legend .vb-legend-item`).allTextContents()).toContain('works at');
    expect(await page.locator(`${pane} svg.vb-graph .vb-node`).count()).toBeGreaterThan(1);
    expect(await page.locator(`${pane} svg.vb-graph line.vb-type-works-at`).count()).toBeGreaterThan(0);
    // A frontmatter link says its property and shows the property's value, never the YAML around it.
    const fields = await page.locator(`${pane} .vb-link-context:has(.vb-link-field)`).evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) expect(f).not.toMatch(/---|\btype:|\btags:/);
    await shoot(pane, 'links-pane.png');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('lists the planted neighbour among the related notes of a note it is not linked from', async () => {
    await runCommand('open-links');
    const pane = await framePane('vault-brain-links');
    await page.evaluate((p) => {
      const file = window.__vb.app.vault.getFileByPath(p);
      window.__vb.app.workspace.trigger('file-open', file);
    }, PLANTED.note);
    // The pane showed the person of the test before: wait for this note's render, related section included.
    await page.waitForFunction(
      (sel) => document.querySelector(`${sel} .vb-links-title`)?.textContent === 'Sourdough starter' && document.querySelector(`${sel} .vb-related-item`) !== null,
      pane,
      { timeout: 60_000 },
    );
    const related = await page.locator(`${pane} .vb-related-item`).evaluateAll((els) => els.map((e) => e.getAttribute('data-path')));
    expect(related.slice(0, 3)).toContain(PLANTED.neighbour);
    expect(related).not.toContain(PLANTED.note);
    const why = await page.locator(`${pane} .vb-related-item[data-path="${PLANTED.neighbour}"] .vb-related-why`).textContent();
    expect(why ?? '').not.toBe('');
    await shoot(pane, 'related-notes.png');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('quick search: type, arrow keys, Enter opens the hit at its line, Ctrl+Enter in a new tab', async () => {
    const company = truth.entities.companies[1]!;
    await runCommand('quick-search');
    const modal = '.modal-container.prompt';
    await page.locator(`${modal} .prompt-input`).pressSequentially(company.title, { delay: 20 });
    // Suggestions for a prefix typed on the way ("Shal") may show first; wait for the whole name's list to lead with
    // the company (a wrong first hit times out here).
    await page
      .waitForFunction(({ sel, want }) => document.querySelector(`${sel} .suggestion-item .vb-quick-path`)?.textContent === want, { sel: modal, want: company.path }, { timeout: 60_000 })
      .catch(() => undefined);
    const paths = await page.locator(`${modal} .suggestion-item .vb-quick-path`).allTextContents();
    expect(paths[0]).toBe(company.path);
    await page.evaluate((sel) => {
      const el = document.querySelector<HTMLElement>(sel)!;
      el.classList.add('vb-e2e-pane');
      el.dataset.pane = 'quick-search';
    }, modal);
    await shoot('[data-pane="quick-search"]', 'quick-search.png');
    await page.locator(`${modal} .prompt-input`).press('Enter');
    const opened = await page.evaluate(() => window.__vbPanes.opened.at(-1));
    expect(opened).toMatchObject({ path: company.path, pane: false });
    expect(opened?.line).toEqual(expect.any(Number));
    expect(await page.locator(modal).count()).toBe(0);

    await runCommand('quick-search');
    await page.locator(`${modal} .prompt-input`).pressSequentially(company.title, { delay: 20 });
    await page.waitForFunction((sel) => document.querySelectorAll(`${sel} .suggestion-item`).length > 1, modal, { timeout: 60_000 });
    const second = (await page.locator(`${modal} .suggestion-item .vb-quick-path`).allTextContents())[1];
    await page.locator(`${modal} .prompt-input`).press('ArrowDown');
    await page.locator(`${modal} .prompt-input`).press('Control+Enter');
    expect(await page.evaluate(() => window.__vbPanes.opened.at(-1))).toMatchObject({ path: second, pane: 'tab' });
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);

  it('explains in the index status view why a note is or is not found', async () => {
    await runCommand('show-index-status');
    const pane = await framePane('vault-brain-status');
    await page.waitForFunction((sel) => document.querySelector(`${sel} .vb-counts`) !== null, pane, { timeout: 60_000 });
    const person = truth.entities.people[1]!;
    await page.locator(`${pane} .vb-why-form input`).fill(person.title);
    await page.locator(`${pane} .vb-why-form button`).click();
    await page.waitForFunction((sel) => /indexed as|not indexed|skipped/.test(document.querySelector(`${sel} .vb-why-answer`)?.textContent ?? ''), pane, { timeout: 60_000 });
    const answer = await page.locator(`${pane} .vb-why-answer`).textContent();
    expect(answer).toContain(`${person.path} is indexed as "${person.title}"`);
    await shoot(pane, 'index-status.png');
    expect(pageErrors).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
