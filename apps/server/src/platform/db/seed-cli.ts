import { readConfig } from "../config";
import { demoAccounts, demoPassword, seedDemoData } from "../../seed";
import { migrate } from "./migrate";
import { openConfiguredDatabase } from "./open";

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
