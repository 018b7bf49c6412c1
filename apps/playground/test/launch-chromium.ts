import chromium from '@sparticuz/chromium';
import type { Browser } from 'playwright-core';
import { chromium as playwright } from 'playwright-core';

/**
 * Headless Chromium from the `@sparticuz/chromium` package (it unpacks its own build into
 * the temp directory; nothing is downloaded), driven by playwright-core.
 */
export async function launchChromium(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    headless: true,
    args: [
      ...chromium.args,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}
