import { readConfig } from "./platform/config";
import { migrate } from "./platform/db/migrate";
import { openConfiguredDatabase } from "./platform/db/open";
import { demoAccounts, demoPassword, seedDemoData } from "./seed";

// `pnpm db:seed`: writes the demo accounts (also into a PostgreSQL of DATABASE_URL, which start never seeds).
const config = readConfig();
const database = await openConfiguredDatabase(config, (message, error) => console.error(message, error));
try {
  await migrate(database);
  const { created } = await seedDemoData(database.db);
  console.log(created.length > 0 ? `Created ${created.join(", ")}.` : "The demo accounts already exist.");
  console.log(`Demo accounts (password ${demoPassword}): ${demoAccounts.map((a) => a.email).join(", ")}`);
} finally {
  await database.close();
}
