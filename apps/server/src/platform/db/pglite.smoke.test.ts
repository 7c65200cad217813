import { describe, expect, it } from "vitest";
import { openPglite } from "./pglite";
import { migrate } from "./migrate";

describe("migrations on PGlite", () => {
  it("apply once, in order, and are recorded", async () => {
    const handle = await openPglite();
    expect(await migrate(handle)).toContain("001_accounts_customers_configurations.sql");
    expect(await migrate(handle)).toEqual([]);
    const rows = await handle.db.query<{ name: string }>("SELECT name FROM schema_migrations");
    expect(rows.map((r) => r.name)).toContain("001_accounts_customers_configurations.sql");
    await handle.close();
  });
});
