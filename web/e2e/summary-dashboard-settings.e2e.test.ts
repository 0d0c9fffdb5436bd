import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addParameter,
  chips,
  clearStartingTriggers,
  openPage,
  openToast,
  SCREENSHOT_DIR,
  screenshotAtWidths,
  startPlaying,
  useServerAndBrowser,
} from './browser.ts';

const env = useServerAndBrowser();

describe('summary, dashboard and settings with the offline AI', () => {
  it('generates, audits, removes and modifies the final prompt; runs out of free plays; the coupon unlocks; the report downloads', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 1280, { acceptDownloads: true });
    await startPlaying(page, env.server.url);

    // Free play 1: the offline generator suggests viral triggers (beside none: the starting ones are cleared first).
    await clearStartingTriggers(page);
    const triggers = page.getByRole('region', { name: 'Common Viral Triggers' });
    await triggers.getByRole('button', { name: 'Generate' }).click();
    await expect.poll(() => chips(page, 'Common Viral Triggers').count()).toBeGreaterThan(2);
    await addParameter(page, 'Potential Challenges', 'Merch shipping');

    // The later stages' work, as the stage screens save it: the summary shows it and the prompt builds on it.
    // (Texts that do not count towards progress, so that the dashboard below still shows 20%.)
    await page.evaluate(async () => {
      const { projects } = (await (await fetch('/api/projects')).json()) as { projects: { id: string }[] };
      const patch = async (stage: number, data: Record<string, unknown>) => {
        const response = await fetch(`/api/stages/${projects[0]!.id}-stage-${stage}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ data }),
        });
        if (!response.ok) throw new Error(`stage ${stage}: ${response.status} ${await response.text()}`);
      };
      await patch(4, { sustainabilityCheck: 'A 1.5% fee on every tip funds the pool' });
      await patch(5, {
        finalConceptName: 'Glow Wall',
        targetAudience: ['Streamers', 'Fans'],
        webpageElements: { headline: 'Tip. Shine. Win.', visualDescription: '', cta: 'Leave a tip', explanation: '', otherElements: [] },
        whyMicro: 'One page, one action',
      });
    });

    await page.goto(`${env.server.url}/summary`);
    const card = page.getByRole('region', { name: 'Final Prompt' });
    await card.waitFor();
    await card.getByText('Merch shipping').waitFor();
    const idea = page.getByRole('region', { name: 'Your Idea' });
    await idea.getByText('Glow Wall').waitFor();
    expect(await idea.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Mechanics', 'Refined Concept', 'Web Page', 'Loops & Notes']);
    for (const text of ['A 1.5% fee on every tip funds the pool', 'Streamers, Fans', 'Tip. Shine. Win.', 'Leave a tip', 'One page, one action'])
      await idea.getByText(text, { exact: true }).waitFor();
    expect(await idea.textContent()).not.toMatch(/finalConceptName|webpage|whyMicro/);
    await screenshotAtWidths(page, 'summary-light');

    // No browser call saves an AI outcome: the server applies it in the request that pays for it.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/projects\/[^/]+\/(final-prompt|technical-report|stage-results)/.test(request.url())) saves.push(request.url());
    });

    // Free play 2: the prompt, with the audit flagging the physical parameter.
    await page.getByRole('button', { name: 'Generate Final Prompt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Final Prompt' });
    await dialog.waitFor();
    const prompt = (await dialog.getByLabel('Final prompt').textContent())!;
    expect(prompt.length).toBeGreaterThan(50);
    for (const text of ['Build "Glow Wall"', 'Page headline: Tip. Shine. Win.', 'Call to action: Leave a tip.', 'Target audience: Streamers, Fans.'])
      expect(prompt).toContain(text);
    const findings = dialog.getByRole('list', { name: 'Incompatible parameters' });
    await expect.poll(() => findings.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('Merch shipping')]);
    await screenshotAtWidths(page, 'final-prompt-dialog', { fullPage: false });

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download as Text' }).click();
    expect((await download).suggestedFilename()).toBe('new-viral-idea_final_prompt.txt');

    await dialog.getByRole('button', { name: 'Remove Merch shipping' }).click();
    await expect.poll(() => findings.count()).toBe(0);
    await dialog.getByText('Removed: Merch shipping').waitFor();
    const before = await dialog.getByLabel('Final prompt').textContent();

    // Free play 3: the modified prompt replaces the old one and clears the audit.
    await dialog.getByRole('button', { name: 'Generate Modified Prompt' }).click();
    await expect.poll(() => dialog.getByLabel('Final prompt').textContent()).not.toBe(before);
    await dialog.getByText('No incompatible parameters found.').waitFor();
    const modified = await dialog.getByLabel('Final prompt').textContent();

    // No free play left: Audit Parameters answers 402, the modal opens with the public coupon.
    await dialog.getByRole('button', { name: 'Audit Parameters' }).click();
    const modal = page.getByRole('dialog', { name: 'Subscribe to Viral Idea Generator' });
    await modal.waitFor();
    await expect.poll(() => openToast(page).textContent()).toContain('Usage Limit Reached');
    await expect.poll(() => modal.getByRole('textbox', { name: 'Coupon code' }).inputValue()).toBe('VIRALFREE');
    await modal.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Coupon redeemed!');
    await expect.poll(() => modal.count()).toBe(0);
    // Back in the prompt dialog, which stayed open under the modal.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    // The modified prompt is the project's: a fresh load of the summary shows it.
    await page.reload();
    await page.getByRole('button', { name: 'Show Prompt' }).click();
    await expect.poll(() => dialog.getByLabel('Final prompt').textContent()).toBe(modified);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Unlimited now: the dashboard's comprehensive report works and shows up on the summary.
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Project Progress' }).waitFor();
    await page.getByLabel('20% complete').waitFor();
    await page.getByRole('button', { name: 'Generate Comprehensive Report' }).click();
    await expect.poll(() => openToast(page).textContent()).toContain('Report ready');
    await page.getByRole('button', { name: 'Technical Specifications' }).click();
    await expect.poll(() => page.getByText('No technical report yet').count()).toBe(0);
    await screenshotAtWidths(page, 'dashboard-light');

    // The optional technical stage shows the same report, section by section.
    await page.goto(`${env.server.url}/stage-6`);
    await page.getByRole('heading', { name: 'Stage 6: Technical' }).waitFor();
    await page.getByRole('region', { name: 'Technical Specifications' }).getByText('Architecture').waitFor();
    await screenshotAtWidths(page, 'stage-6-light');
    const stageDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Report' }).click();
    expect((await stageDownload).suggestedFilename()).toBe('new-viral-idea-technical-report.md');

    await page.goto(`${env.server.url}/summary`);
    await page.getByRole('button', { name: 'View Full Technical Report' }).click();
    const reportDialog = page.getByRole('dialog', { name: 'Technical Report' });
    await reportDialog.waitFor();
    // Rendered Markdown: headings and lists, not the '##' and '- ' of the text the download holds.
    const reportView = reportDialog.getByLabel('Technical report');
    await reportView.getByRole('heading', { name: 'Technical Specifications' }).waitFor();
    await reportView.getByRole('heading', { name: 'Architecture' }).waitFor();
    expect(await reportView.textContent()).not.toContain('## ');
    const reportDownload = page.waitForEvent('download');
    await reportDialog.getByRole('button', { name: 'Download Report' }).click();
    expect((await reportDownload).suggestedFilename()).toBe('new-viral-idea-technical-report.md');
    await screenshotAtWidths(page, 'technical-report-dialog', { fullPage: false });

    expect(saves).toEqual([]);
    expect(consoleErrors.unexpected([/402 \(Payment Required\)/])).toEqual([]);
    await context.close();
  }, 120_000);

  it('renames, exports, resets in two steps and imports the export back; switches dark mode and auto save', async () => {
    const { context, page, consoleErrors } = await openPage(env.browser, 768, { acceptDownloads: true });

    await page.goto(`${env.server.url}/settings`);
    await page.getByRole('heading', { name: 'Game Settings' }).waitFor();
    const name = page.getByRole('textbox', { name: 'Project name' });
    await expect.poll(() => name.inputValue()).toBe('New Viral Idea');
    await name.fill('My Idea');
    await name.blur();
    await page.getByRole('textbox', { name: 'Core idea' }).fill('Pay visitors from a shared pool');
    await page.getByRole('textbox', { name: 'Core idea' }).blur();
    await expect.poll(() => page.locator('[data-status]').first().getAttribute('data-status')).toBe('saved');
    await screenshotAtWidths(page, 'settings-light');

    const exported = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export Project' }).click();
    const file = await exported;
    expect(file.suggestedFilename()).toBe('my-idea-export.json');
    const exportPath = path.join(SCREENSHOT_DIR, 'my-idea-export.json');
    await file.saveAs(exportPath);
    expect(JSON.parse(readFileSync(exportPath, 'utf8'))).toMatchObject({ projectName: 'My Idea' });

    // Reset asks first; only the second click resets.
    await page.getByRole('button', { name: 'Reset Project' }).click();
    await page.getByText('Are you sure? This cannot be undone.').waitFor();
    await screenshotAtWidths(page, 'settings-reset-confirm', { fullPage: false, widths: [375] });
    expect(await name.inputValue()).toBe('My Idea');
    await page.getByRole('button', { name: 'Yes, Reset Project' }).click();
    await expect.poll(() => name.inputValue()).toBe('New Viral Idea');

    // Import: nothing chosen, a file that is not a project, then the export.
    await page.getByRole('button', { name: 'Import Project' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please select a file to import first.' }).waitFor();
    const invalidPath = path.join(SCREENSHOT_DIR, 'not-a-project.json');
    writeFileSync(invalidPath, JSON.stringify({ hello: 'world' }));
    await page.getByLabel('Project file (JSON)').setInputFiles(invalidPath);
    await page.getByRole('button', { name: 'Import Project' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error importing project: Invalid project data format' }).waitFor();
    await page.getByLabel('Project file (JSON)').setInputFiles(exportPath);
    await page.getByRole('button', { name: 'Import Project' }).click();
    await expect.poll(() => name.inputValue()).toBe('My Idea');
    expect(await page.getByRole('textbox', { name: 'Core idea' }).inputValue()).toBe('Pay visitors from a shared pool');

    // The Gemini key: Verify Key needs a key; this machine cannot reach Google, so the key ends up Invalid.
    const keyStatus = page.getByRole('status', { name: /Key status/ });
    expect(await keyStatus.textContent()).toBe('Not Set');
    const verify = page.getByRole('button', { name: 'Verify Key' });
    expect(await verify.isDisabled()).toBe(true);
    const keyField = page.getByLabel('API key', { exact: true });
    await keyField.fill('AIzaNotARealKey1234');
    expect(await keyField.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show key' }).click();
    expect(await keyField.getAttribute('type')).toBe('text');
    await verify.click();
    await expect.poll(() => keyStatus.textContent(), { timeout: 20_000 }).toBe('Invalid');
    await page.getByRole('button', { name: 'Remove Key' }).click();
    await expect.poll(() => keyStatus.textContent()).toBe('Not Set');

    await page.getByRole('switch', { name: 'Dark Mode' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await screenshotAtWidths(page, 'settings-dark');
    await page.getByRole('switch', { name: 'Auto Save' }).click();
    expect(await page.evaluate(() => localStorage.getItem('autoSave'))).toBe('false');
    expect(await page.getByRole('switch', { name: 'Auto Save' }).getAttribute('aria-checked')).toBe('false');

    expect(consoleErrors.unexpected([/400 \(Bad Request\)/])).toEqual([]);
    await context.close();
  }, 90_000);
});
