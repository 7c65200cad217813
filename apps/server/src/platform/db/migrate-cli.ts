import { readConfig } from "../config";
import { migrate } from "./migrate";
import { openConfiguredDatabase } from "./open";

// `pnpm db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database in DATA_DIR.
const config = readConfig();
const database = await openConfiguredDatabase(config, (message, error) => console.error(message, error));
try {
  const applied = await migrate(database);
  console.log(applied.length > 0 ? `Applied ${applied.join(", ")}` : "The database is up to date.");
} finally {
  await database.close();
}
