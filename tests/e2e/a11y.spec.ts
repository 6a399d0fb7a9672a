import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, publicPages, test } from './fixtures';

/** Every page a visitor can open without an account, and the 404 page. */
const pagesToCheck = [...publicPages, '/no-such-page'];

async function wcagViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map(
    (v) => `${v.impact ?? 'unknown'} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test.describe('accessibility', () => {
  for (const path of pagesToCheck) {
    test(`${path} has no WCAG A/AA violations on a desktop and on a phone`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await wcagViolations(page), 'at 1280 px').toEqual([]);

      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await wcagViolations(page), 'at 360 px').toEqual([]);
    });
  }
});
