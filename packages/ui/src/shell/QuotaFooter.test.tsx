import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithUi } from "../test/render";
import { QuotaFooter } from "./QuotaFooter";

function footer(): HTMLElement {
  return screen.getByRole("region", { name: "Message quota" });
}

describe("quota footer", () => {
  it.each([
    [61, 100, "green"],
    [60, 100, "amber"],
    [31, 100, "amber"],
    [30, 100, "red"],
    [0, 500, "red"],
  ])("colours %i of %i remaining %s", async (remaining, limit, colour) => {
    await renderWithUi(<QuotaFooter remaining={remaining} limit={limit} resetDate="2026-12-01" />);
    expect(footer().getAttribute("data-quota-color")).toBe(colour);
    expect(screen.getByText(`${remaining} of ${limit} messages left`)).toBeTruthy();
  });

  it("shows the reset date and the bar's share", async () => {
    await renderWithUi(<QuotaFooter remaining={250} limit={500} resetDate="2026-12-01" />);
    expect(screen.getByText("Resets on December 1, 2026")).toBeTruthy();
    expect(
      screen.getByRole("progressbar", { name: "Share of messages remaining" }).getAttribute("aria-valuenow"),
    ).toBe("50");
  });

  it("treats a limit of 0 as unlimited and green", async () => {
    await renderWithUi(<QuotaFooter remaining={0} limit={0} />);
    expect(footer().getAttribute("data-quota-color")).toBe("green");
    expect(screen.getByText("Unlimited messages")).toBeTruthy();
  });
});
