import { mkdir, readFile, readdir, readlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import type { BrowserContext, Route } from 'playwright-core';
import { ToolError } from '@paperknife/catalog/errors';
import type { ToolContext } from '../jobs/tool-runner.js';
import { abortError } from '../programs/run-process.js';
import type { SiteFolder } from './site-folder.js';
import { pageUrl, siteFileFor } from './page-requests.js';

/** Debian's Chromium, the one `npm start` installs (scripts/setup.mjs). */
export const CHROMIUM = process.env['PAPERKNIFE_CHROMIUM'] ?? '/usr/bin/chromium';

/**
 * Besides Playwright's own quiet defaults (no background networking, sync, component updates or first-run work):
 * every host name, IP literals included, resolves to nothing, so even a request that escaped the interception
 * below could not reach a host; no pings, no crash reports.
 */
const CHROMIUM_ARGS = ['--host-resolver-rules=MAP * ~NOTFOUND', '--no-pings', '--disable-breakpad', '--disable-gpu'];

/** What the site folder's documents may do, besides what the interception allows: no scripts, no plug-ins. */
const DOCUMENT_POLICY =
  "default-src 'self' data: 'unsafe-inline'; script-src 'none'; object-src 'none'; base-uri 'self'; form-action 'none'";

export interface PrintSettings {
  /** The paper as it lies: wider than high for landscape. */
  widthMm: number;
  heightMm: number;
  marginMm: number;
  backgrounds: boolean;
}

/**
 * Prints the site folder's page to `output` with headless Chromium (docs/decisions/170). JavaScript is off and
 * every request the browser makes is answered here: files inside the site folder (data: URLs never leave the
 * browser), nothing else, so no host and no local file outside the folder is ever read. The browser runs with a
 * fresh profile and home in the job folder and is killed, its whole process group, when the job ends, is cancelled
 * or runs out of time.
 */
export async function printPage(site: SiteFolder, settings: PrintSettings, output: string, context: ToolContext) {
  const home = join(context.workDir, 'chromium');
  const profile = join(home, 'profile');
  await mkdir(profile, { recursive: true });
  let stopped: ToolError | undefined;
  // Settles (rejects) when the job is stopped: every wait on the browser races it, as a browser killed while it
  // starts can leave Playwright's launch waiting out its own timeout.
  let stop: (error: ToolError) => void = () => undefined;
  const whenStopped = new Promise<never>((_resolve, reject) => {
    stop = reject;
  });
  whenStopped.catch(() => undefined);
  const halt = (error: ToolError) => {
    stopped ??= error;
    stop(stopped);
    void killBrowser(home);
  };
  const timer = setTimeout(() => halt(new ToolError('processing_timeout')), context.limits.jobTimeoutMs);
  const onAbort = () => halt(abortError(context.signal));
  context.signal.addEventListener('abort', onAbort, { once: true });
  let browser: BrowserContext | undefined;
  try {
    if (context.signal.aborted) throw abortError(context.signal);
    // Loaded on the first HTML job, not at the server's start: Playwright's client is some 30 MB of the idle server.
    const { chromium } = await import('playwright-core');
    const launching = chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home, XDG_CACHE_HOME: home },
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      acceptDownloads: false,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
      timeout: context.limits.jobTimeoutMs,
    });
    // A browser that starts after the job stopped is closed when it does.
    launching.then((started) => (stopped ? started.close() : undefined)).catch(() => undefined);
    browser = await Promise.race([launching, whenStopped]);
    if (stopped) throw stopped;
    const page = browser.pages()[0] ?? (await browser.newPage());
    let pageOpened = false;
    await browser.route('**/*', async (route) => {
      const request = route.request();
      // The page itself is the one navigation of the top frame; a later one (a meta refresh) is answered "no
      // content", which leaves the page in place.
      if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return answer(route, site.root);
      if (pageOpened) return settle(route.fulfill({ status: 204 }));
      pageOpened = true;
      return answer(route, site.root, paperStyle(settings));
    });
    await Promise.race([
      page.goto(pageUrl(site.page), { waitUntil: 'load', timeout: context.limits.jobTimeoutMs }),
      whenStopped,
    ]);
    const printing = page.pdf({
      path: output,
      printBackground: settings.backgrounds,
      // The page's own @page size would still turn the paper: the paper style makes the CSS size ours.
      preferCSSPageSize: true,
    });
    await Promise.race([printing, whenStopped]);
  } catch (error) {
    throw stopped ?? error;
  } finally {
    clearTimeout(timer);
    context.signal.removeEventListener('abort', onAbort);
    await browser?.close().catch(() => undefined);
    await killBrowser(home);
  }
  if (stopped) throw stopped;
}

/**
 * The paper's size and margins as the page's last style rule, `!important`: it wins over the page's own @page rules,
 * which would otherwise turn the paper or move its margins.
 */
function paperStyle({ widthMm, heightMm, marginMm }: PrintSettings): string {
  return `\n<style>@page { size: ${widthMm}mm ${heightMm}mm !important; margin: ${marginMm}mm !important; }</style>\n`;
}

/**
 * Answers a request from the site folder, or fails it as the browser's own blocking would. `appended` goes after an
 * HTML page's last byte (not after XHTML, which must stay well-formed, nor UTF-16 text).
 */
async function answer(route: Route, root: string, appended?: string): Promise<void> {
  const file = await siteFileFor(route.request().url(), root);
  if (!file) return settle(route.abort('blockedbyclient'));
  let body = await readFile(file.path);
  const utf16 = body[0] === 0xfe || body[0] === 0xff;
  if (appended && file.contentType === 'text/html' && !utf16) body = Buffer.concat([body, Buffer.from(appended)]);
  const headers: Record<string, string> = { 'content-type': withCharset(file.contentType, body) };
  if (file.contentType === 'text/html' || file.contentType === 'application/xhtml+xml') {
    headers['content-security-policy'] = DOCUMENT_POLICY;
  }
  return settle(route.fulfill({ status: 200, headers, body }));
}

/** Text that is valid UTF-8 is read as UTF-8 (a page saved without a charset would otherwise be Windows-1252). */
function withCharset(contentType: string, body: Buffer): string {
  if (contentType !== 'text/html' && contentType !== 'text/css') return contentType;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return `${contentType}; charset=utf-8`;
  } catch {
    return contentType;
  }
}

/** A route answered after its page has closed throws: the answer no longer matters then. */
async function settle(answering: Promise<void>): Promise<void> {
  await answering.catch(() => undefined);
}

/**
 * SIGKILLs the browser's process group, then every process still started with a path in the browser's home (a
 * helper that left the group, such as the crash handler, whose paths are the home's, not the profile's), and waits
 * until none is left, so a job never ends with its browser still running. Playwright
 * starts Chromium as the leader of its own group; Chromium names its pid in the profile's SingletonLock link
 * ("host-pid"), so the group is found from the job's own profile.
 */
async function killBrowser(home: string): Promise<void> {
  const lock = await readlink(join(home, 'profile', 'SingletonLock')).catch(() => '');
  const pid = Number(lock.slice(lock.lastIndexOf('-') + 1));
  if (Number.isInteger(pid) && pid > 1) signal(-pid);
  for (let waited = 0; waited < KILL_WAIT_MS; waited += 25) {
    const left = await processesStartedWith(home);
    if (left.length === 0) return;
    for (const leftover of left) signal(leftover);
    await sleep(25);
  }
}

/** How long a job waits for its browser's processes to be gone. */
const KILL_WAIT_MS = 3000;

function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The processes whose command line names `folder` (an exited one's is empty, so it is not counted). */
async function processesStartedWith(folder: string): Promise<number[]> {
  const pids = (await readdir('/proc').catch(() => [])).filter((name) => /^\d+$/.test(name));
  const named = await Promise.all(
    pids.map(async (pid) =>
      (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).includes(folder) ? Number(pid) : 0,
    ),
  );
  return named.filter((pid) => pid > 0);
}
