import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * Pages a person uses (dashboard, invite form, hosted pages) are tested in a real
 * browser: Debian's `chromium` package driven by playwright-core, never a
 * downloaded browser. CI installs it (`.ci/run`); elsewhere a missing browser is
 * a visible skip with its reason, never a silent pass.
 */
export const CHROMIUM_PATH = process.env.RAILYARD_CHROMIUM ?? '/usr/bin/chromium';

/** Why browser tests cannot run here, or undefined when they can. */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const reason = `no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium)`;
  if (process.env.CI === 'true' || process.env.RAILYARD_REQUIRE_BROWSER === '1') {
    throw new Error(`browser tests are required here but ${reason}`);
  }
  return reason;
}

/** A headless Chromium; we run as root, so the sandbox is off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
}
