import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { ServerConfig } from "../config";
import type { DatabaseHandle } from "./db";
import { openPglite } from "./pglite";
import { openPostgres } from "./postgres";

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR/pglite. */
export async function openConfiguredDatabase(
  config: Pick<ServerConfig, "databaseUrl" | "dataDir">,
  log: (message: string, error: unknown) => void,
): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres({ connectionString: config.databaseUrl, log });
  await mkdir(config.dataDir, { recursive: true });
  return openPglite(join(config.dataDir, "pglite"), { log });
}
