import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConfigurationScreen } from "../../test/configurationScreen";
import { fakeTrainingServer } from "../training/fakeServer.test-support";
import { UrlManagerPage } from "./UrlManagerPage";

configure({ asyncUtilTimeout: 10_000 });

const saved = ["https://shop.test/a", "https://shop.test/b", "https://shop.test/c"].map((url) => ({ url, subject: "" }));

describe("the training URL list", { timeout: 30_000 }, () => {
  it("keeps the keyboard in the list after a removal: the next row's Remove, the last row's, then the add field", async () => {
    const server = fakeTrainingServer({ "GET /training/urls/get": () => ({ body: { status: "success", urls: saved } }) });
    await renderConfigurationScreen(<UrlManagerPage />, { api: server.api });
    const remove = (url: string) => screen.getByRole("button", { name: `Remove ${url}` });

    fireEvent.click(await screen.findByRole("button", { name: "Remove https://shop.test/a" }));
    await waitFor(() => expect(document.activeElement).toBe(remove("https://shop.test/b")));

    // The last row: focus goes to the row before it, now the last.
    fireEvent.click(remove("https://shop.test/c"));
    await waitFor(() => expect(document.activeElement).toBe(remove("https://shop.test/b")));

    fireEvent.click(remove("https://shop.test/b"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Add a URL")));
  });
});
