import { chromium } from 'playwright-core';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
const base = process.argv[2];
const udd = fs.mkdtempSync(path.join(os.tmpdir(), 'udd-'));
const ctx = await chromium.launchPersistentContext(udd, { executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'], viewport: { width: 1280, height: 900 } });
const page = ctx.pages()[0] ?? await ctx.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
const shot = (n) => page.screenshot({ path: `/tmp/zz/w-${n}.png`, fullPage: false });
await page.goto(`${base}/`); await page.waitForLoadState('networkidle'); await shot('home');
await page.getByRole('link', { name: 'Start Playing Now!' }).click();
await page.waitForLoadState('networkidle'); await page.waitForTimeout(500); await shot('game1');
console.log('coupon', await page.evaluate(async () => (await fetch('/api/redeem-coupon', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ couponCode: 'VIRALFREE' }) })).status));
for (let step = 1; step <= 9; step++) {
  for (const area of await page.locator('main textarea').all()) {
    if ((await area.inputValue()) === '' && await area.isEditable()) await area.fill(step === 1 ? 'A one-page tip jar where fans leave a coin and a note for a street musician' : `Step ${step}: fans share the note they left`);
  }
  const gen = page.getByRole('button', { name: /Generate/ }).first();
  if (await gen.count() && await gen.isEnabled()) { await gen.click(); await page.waitForTimeout(1500); }
  await page.waitForLoadState('networkidle');
  await shot(`step${step}`);
  const next = page.getByRole('button', { name: 'Next Step' });
  if (!(await next.count()) || !(await next.isEnabled())) { console.log('no next at', step); break; }
  await next.click(); await page.waitForTimeout(700);
}
console.log('url', page.url());
console.log('errors', errors);
await ctx.close(); fs.rmSync(udd, { recursive: true, force: true });
