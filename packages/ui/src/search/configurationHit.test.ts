import { describe, expect, it } from "vitest";
import { resolveSearchHit } from "./configurationHit";

describe("choosing a search hit", () => {
  it("selects a configuration hit's configuration and opens its page without the parameter", () => {
    expect(resolveSearchHit({ title: "bakery-shop", icon: "LuBot", group: "Configurations", url: "/settings/general?configurationId=c42" })).toEqual({
      url: "/settings/general",
      select: { _id: "c42", name: "bakery-shop" },
    });
    expect(resolveSearchHit({ title: "mine", icon: "LuBot", group: "Configurations", url: "/customer?configurationId=c7&tab=a" })).toEqual({
      url: "/customer?tab=a",
      select: { _id: "c7", name: "mine" },
    });
  });

  it("just opens any other hit", () => {
    expect(resolveSearchHit({ title: "Users", icon: "LuUsers", group: "Pages", url: "/users" })).toEqual({ url: "/users" });
    expect(resolveSearchHit({ title: "Acme", icon: "LuBuilding2", group: "Customers", url: "/customers?id=9" })).toEqual({ url: "/customers?id=9" });
  });
});
