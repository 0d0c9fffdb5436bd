import type { Page } from 'playwright-core';

/** Moving through the nine-step builder in a browser test. */
export const chipTexts = (page: Page, category: string) =>
  page.getByRole('list', { name: category, exact: true }).getByRole('listitem').allTextContents();
export const addValue = async (page: Page, category: string, value: string) => {
  const input = page.getByRole('textbox', { name: `Add a value to ${category}` });
  await input.fill(value);
  await input.press('Enter');
};
export const stepText = (page: Page, n: number) => page.getByText(`Step ${n} of 9`, { exact: true }).waitFor();
export const next = async (page: Page, to: number) => {
  await page.getByRole('button', { name: 'Next Step' }).click();
  await stepText(page, to);
};
