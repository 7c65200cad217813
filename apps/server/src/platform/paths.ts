import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server package's folder, found by walking up from this file. Works the same from `src/`
 * (tests, tsx) and from the bundled `dist/server.js`.
 */
export function serverPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name;
      if (name === "@parley/server") return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error("Cannot find the @parley/server package folder");
    dir = parent;
  }
}

export function repositoryRoot(): string {
  return resolve(serverPackageRoot(), "..", "..");
}

export function migrationsFolder(): string {
  return join(serverPackageRoot(), "migrations");
}
