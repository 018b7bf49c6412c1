import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDemo } from '@toolcell/agent';
import { CHART_CATEGORIES, chartFigures } from '../src/replay/chart-figures.js';
import { launchChromium } from './launch-chromium.js';
import { measureNodeRoundTrips } from './node-round-trips.js';
import { serveDirectory } from './static-server.js';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const ARTIFACTS = fileURLToPath(new URL('../test-artifacts', import.meta.url));
// Auto-waiting only, never sleeps: generous because 2 cores are shared with other work.
const WAIT = { timeout: 60_000 };

let browser: Browser;
let server: Server;
let page: Page;
let url: string;

async function screenshot(name: string): Promise<void> {
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

async function runExample(label: string): Promise<void> {
  await page.selectOption('#examples', label);
  await page.click('#run');
}

/** Replace the editor's text as a person would: select all, type over it. */
async function editorText(text: string): Promise<void> {
  await page.click('#editor .cm-content');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.locator('#editor .cm-content').evaluate((content, value) => {
    content.ownerDocument.execCommand('insertText', false, value);
  }, text);
}

async function waitForRunDone(): Promise<void> {
  await page.locator('#run-state[data-state="done"]').waitFor(WAIT);
}

describe('the playground in headless Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(`${DIST}/index.html`)) throw new Error('Build the site first: the test script runs `vite build` before vitest.');
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ url, server } = await serveDirectory(DIST));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    page.setDefaultTimeout(WAIT.timeout);
    await page.goto(url);
    await page.locator('#status[data-state="ready"]').waitFor(WAIT);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('shows the wire declarations of each mode for the four providers', async () => {
    await page.selectOption('#mode', 'direct');
    await expect.poll(() => page.textContent('#declared')).toContain('direct');
    const direct = await page.textContent('#declared');
    expect(direct).toContain('read_file');
    expect(direct).not.toContain('exec');
    expect(await page.locator('.provider').evaluateAll((boxes) => boxes.map((box) => (box as HTMLElement).dataset.provider))).toEqual([
      'openai-chat',
      'openai-responses',
      'anthropic',
      'gemini',
    ]);
    expect(await page.textContent('.provider[data-provider="anthropic"] pre')).toContain('"input_schema"');
    await screenshot('1-direct-mode');

    await page.selectOption('#mode', 'code_mode_only');
    await expect.poll(() => page.textContent('#declared')).toContain('code_mode_only');
    // ask_user_question is a direct-control tool: on the wire in every mode.
    expect(await page.textContent('#declared')).toMatch(/: ask_user_question, exec, wait\)$/);
    expect(await page.textContent('#exec-description')).toContain('function read_file(');
    expect(await page.textContent('#execution tr[data-tool="read_file"]')).toContain('refused UNKNOWN_TOOL');
    await screenshot('2-code-mode-only');
  });

  it('runs parallel nested calls that overlap on the timeline', async () => {
    await runExample('parallel reads');
    await waitForRunDone();
    expect(await page.getAttribute('#result', 'data-exec-status')).toBe('completed');
    const readRows = () =>
      page.locator('.call[data-tool="read_file"]').evaluateAll((rows) =>
        rows.map((row) => ({ start: Number((row as HTMLElement).dataset.start), end: Number((row as HTMLElement).dataset.end) })),
      );
    // The timeline draws once per animation frame, so its last frame may come after "done".
    await expect.poll(async () => (await readRows()).filter((read) => Number.isFinite(read.end)).length, WAIT).toBe(3);
    const reads = await readRows();
    expect(reads).toHaveLength(3);
    // Overlapping: every read started before any read ended.
    expect(Math.max(...reads.map((read) => read.start))).toBeLessThan(Math.min(...reads.map((read) => read.end)));
    expect(await page.textContent('.call[data-tool="read_file"] .wire')).toMatch(/\d\| /);
    await screenshot('3-parallel-timeline');
  });

  it('asks for each write: one approved, one denied', async () => {
    await runExample('two writes (approve / deny)');
    await page.locator('.approval', { hasText: 'first.md' }).getByRole('button', { name: 'Approve' }).click();
    await page.locator('.approval', { hasText: 'second.md' }).getByRole('button', { name: 'Deny' }).click();
    await waitForRunDone();
    const typed = await page.textContent('#result-typed');
    expect(typed).toContain('"first": "written"');
    expect(typed).toContain('"second": "DENIED"');
    await screenshot('4-approvals');
  });

  it('ends an endless loop with EXEC_CPU_BUDGET while the page answers clicks', async () => {
    await runExample('endless loop');
    await page.locator('#run-state[data-state="running"]').waitFor(WAIT);
    await page.click('#share');
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#s=/);
    expect(await page.getAttribute('#run-state', 'data-state')).toBe('running');
    await waitForRunDone();
    expect(await page.getAttribute('#result', 'data-code')).toBe('EXEC_CPU_BUDGET');
    await screenshot('5-endless-loop');
  });

  it('narrows a subagent scope and switches lazy discovery on', async () => {
    await page.selectOption('#scope', 'subagent');
    await expect.poll(() => page.textContent('#declared')).toContain('scope subagent');
    expect(await page.textContent('#execution tr[data-tool="write_file"]')).toContain('refused (not_allowed)');
    await page.check('#lazy');
    await expect.poll(() => page.textContent('#declared')).toContain('tool_search');
    await screenshot('7-subagent-lazy');
    await page.uncheck('#lazy');
    await page.selectOption('#scope', 'root');
    await expect.poll(() => page.textContent('#declared')).toMatch(/scope root: ask_user_question, exec, wait\)$/);
  });

  it('runs a cell that yields, is waited on, and stores values', async () => {
    await runExample('cell: yield, store, wait');
    await waitForRunDone();
    expect(await page.getAttribute('#result', 'data-exec-status')).toBe('running');
    const cell = page.locator('.cell[data-status="running"]');
    await cell.getByRole('button', { name: 'Wait' }).click();
    await expect.poll(() => page.getAttribute('#result', 'data-exec-status'), WAIT).toBe('completed');
    await expect.poll(() => page.textContent('#stored'), WAIT).toMatch(/"count": \d+/);
    await screenshot('8-cell');
  });

  it('refuses a direct call of a tool in code_mode_only, naming the route through exec', async () => {
    await page.fill('#direct-name', 'read_file');
    await page.fill('#direct-args', '{"path": "README.md"}');
    await page.click('#direct-call');
    await waitForRunDone();
    expect(await page.getAttribute('#result', 'data-code')).toBe('UNKNOWN_TOOL');
    expect(await page.textContent('#result-wire')).toContain('Call `exec` with a program that runs `await tools.read_file');
    await screenshot('6-refused-direct-call');
  });

  it('asks the person for ask_user_question and resolves the call with the answer; a program cannot call it', async () => {
    expect(await page.textContent('#execution tr[data-tool="ask_user_question"]')).toMatch(/refused/);
    await page.fill('#direct-name', 'ask_user_question');
    await page.fill('#direct-args', '{"question": "Whose TODOs first?", "options": ["ana", "ben"]}');
    await page.click('#direct-call');
    const form = page.locator('form.question', { hasText: 'Whose TODOs first?' });
    await form.waitFor(WAIT);
    await screenshot('10-ask-user-question');
    await form.getByRole('button', { name: 'ben' }).click();
    await waitForRunDone();
    expect(await form.count()).toBe(0);
    expect(await page.textContent('#result-typed')).toContain('"answer": "ben"');
    expect(await page.textContent('#result-wire')).toContain('The user answered: ben');
  });

  it('ends a worker stuck in a builtin with its watchdog, and a new worker runs the next program', async () => {
    // indexOf over an array-like of 2^32 - 1 slots loops inside QuickJS's C code, which
    // never polls the interrupt handler, so the CPU budget cannot end it in the worker's
    // thread: only terminating the worker does. (A backtracking schema pattern used to do
    // this in the validator; patterns now run in linear time.)
    await page.selectOption('#tool-set', 'demo');
    await expect.poll(() => page.textContent('#exec-description')).toContain('function read_file(');
    await editorText('return Array.prototype.indexOf.call({ length: 2 ** 32 - 1 }, 1);');
    await page.click('#run');
    await waitForRunDone();
    expect(await page.getAttribute('#result', 'data-code'), (await page.textContent('#result')) ?? '').toBe('EXEC_CPU_BUDGET');
    expect(await page.textContent('#result-wire')).toContain('watchdog');
    await page.locator('#status[data-state="ready"]').waitFor(WAIT);
    await screenshot('9-watchdog');
    await editorText('return 6 * 7;');
    await page.click('#run');
    await waitForRunDone();
    expect(await page.textContent('#result-wire')).toContain('Return value: 42');
  });

  it("replays the app's demo as a chart with the figures its runner reports", async () => {
    const { runs } = await runDemo({ transcriptFor: () => () => undefined });
    const titles = await page.locator('#replay-chart svg rect title').allTextContents();
    // `tokens sent · direct: 17,402` → figures by category and run.
    const shown = new Map(titles.map((title) => [title.slice(0, title.lastIndexOf(':')), Number(title.slice(title.lastIndexOf(':') + 1).replace(/,/g, ''))]));
    expect(shown.size).toBe(CHART_CATEGORIES.length * runs.length);
    for (const run of runs) {
      chartFigures(run).forEach((value, index) => {
        const category = CHART_CATEGORIES[index]!;
        const figure = shown.get(`${category} · ${run.mode}`);
        // The exec result the model reads says how long the program ran, so its token
        // count can differ by a digit's worth between two runs; every other figure is exact.
        if (category === 'tokens sent') expect(Math.abs((figure ?? 0) - value), `${category} · ${run.mode}`).toBeLessThanOrEqual(3);
        else expect(figure, `${category} · ${run.mode}`).toBe(value);
      });
    }
    expect(titles).toContain('model calls · direct: 10');
    expect(titles).toContain('nested calls · code_mode_only: 10');
    expect(await page.textContent('.replay-run[data-mode="code_mode_only"] pre')).toContain('↳ read_file');
    await page.locator('#replay').scrollIntoViewIfNeeded();
    await screenshot('11-demo-replay');
  });

  it('measures the browser against Node in process', async () => {
    const interactiveMs = Number(await page.getAttribute('body', 'data-interactive-ms'));
    const browser = await page.evaluate(() => globalThis.playgroundBench!());
    const node = await measureNodeRoundTrips();
    console.log(
      [
        'playground bench (the same bench in the browser worker and on Node, medians after a warm-up):',
        `  time to first interactive: browser page ${interactiveMs} ms; Node in-process cold start to first result ${node.firstResultMs.toFixed(0)} ms`,
        `  trivial round trip: browser worker ${browser.trivialMs.toFixed(2)} ms, Node in-process ${node.trivialMs.toFixed(2)} ms (page → worker → page ${browser.pageRoundTripMs.toFixed(2)} ms)`,
        `  per nested call: browser worker ${browser.perNestedCallMs.toFixed(3)} ms, Node in-process ${node.perNestedCallMs.toFixed(3)} ms`,
      ].join('\n'),
    );
    expect(interactiveMs).toBeGreaterThan(0);
    expect(browser.trivialMs).toBeGreaterThan(0);
    expect(node.trivialMs).toBeGreaterThan(0);
  });
});
