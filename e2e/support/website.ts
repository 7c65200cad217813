import { createServer, type Server } from "node:http";
import type { Frame, Page } from "playwright-core";
import { expect } from "vitest";
import { baseUrl } from "./browser";

/** A customer's own website on another loopback port: one page with `body` and the pasted snippet, nothing else. */
export function startCustomerWebsite(snippet: string, body = "<main><h1>Demo Webshop</h1></main>"): Promise<Server> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo Webshop</title></head><body>${body}${snippet}</body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(page);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

/** The widget's frame on the customer's page, once it has loaded from the product's origin. */
export async function widgetFrame(page: Page): Promise<Frame> {
  await page.locator("iframe").first().waitFor({ state: "attached", timeout: 20_000 });
  await expect.poll(() => page.frames().some((frame) => frame.url().startsWith(`${baseUrl()}/widget/`)), { timeout: 20_000 }).toBe(true);
  return page.frames().find((frame) => frame.url().startsWith(`${baseUrl()}/widget/`))!;
}
