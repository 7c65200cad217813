#!/usr/bin/env node
/**
 * The browser journeys and the first-route size check drive a system Chromium (test tools may not
 * download browsers here). Finds it, installs Debian's package when we are root on a Debian-like
 * machine, or says exactly what to do.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
const found = () => candidates.find((path) => existsSync(path));

if (!found()) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit" });
  }
}
if (!found()) {
  console.error(
    "Chromium was not found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH " +
      "to a Chromium or Chrome executable, then run the tests again.",
  );
  process.exit(1);
}
