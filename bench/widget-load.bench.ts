/**
 * How much the widget's loader delays a customer's page (issue 15: "the host page's load event is delayed by
 * less than 50 ms by the loader, measured beside the same page without it").
 *
 *   pnpm --filter @parley/widget build && pnpm --filter @parley/bench bench:widget
 *
 * A host page on one loopback port pastes the snippet of a widget served (with a loopback stand-in of the chat
 * server, apps/widget/test/fixture-server.ts) from another port. Headless Chromium loads the page with and
 * without the snippet, in alternating pairs after a warm-up, and reads the navigation's loadEventStart; the
 * delay is the median of the pairs' differences (pairs cancel the drift of a busy machine). BENCH_PAIRS (15).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startHostSite, startWidgetFixture } from "../apps/widget/test/fixture-server";

const here = dirname(fileURLToPath(import.meta.url));
const pairs = Number(process.env.BENCH_PAIRS ?? 15);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
const host = await startHostSite();
const widget = await startWidgetFixture({ chatbotSettings: { uiLanguage: "en" } });

async function loadEventStart(withWidget: boolean): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${host.origin}/${withWidget ? `?widget=${encodeURIComponent(widget.origin)}` : ""}`, { waitUntil: "load" });
  const time = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart);
  await context.close();
  return time;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
await loadEventStart(false);
await loadEventStart(true);
const without: number[] = [];
const withLoader: number[] = [];
for (let pair = 0; pair < pairs; pair += 1) {
  without.push(await loadEventStart(false));
  withLoader.push(await loadEventStart(true));
}
const delay = median(withLoader.map((time, index) => time - without[index]!));
const lines = [
  `Widget loader and the host page's load event, ${pairs} pairs; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
  "",
  "| page | load event (median) |",
  "|---|---|",
  `| without the snippet | ${median(without).toFixed(1)} ms |`,
  `| with the snippet | ${median(withLoader).toFixed(1)} ms |`,
  `| delay (median of the pairs' differences; aim < 50 ms) | ${delay.toFixed(1)} ms — ${delay < 50 ? "met" : "missed"} |`,
];
process.stdout.write(`${lines.join("\n")}\n`);
await mkdir(join(here, "results"), { recursive: true });
await writeFile(join(here, "results", "widget-load.md"), `${lines.join("\n")}\n`);
await widget.stop();
await host.stop();
await browser.close();
