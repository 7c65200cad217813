import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/setup";
import { createNotificationStore } from "../../notifications/store";
import { renderWithUi } from "../../test/render";
import { NotificationsPage } from "./NotificationsPage";

function storeWithItems() {
  const store = createNotificationStore(() => {});
  store.add({ id: "c1", type: "chat", message: "Is my order on its way?", timestamp: "2026-11-22T10:00:00Z", isRead: true });
  store.add({ id: "c2", type: "chat", message: "Hello, anyone there?", timestamp: "2026-11-22T10:02:00Z", isRead: false });
  store.add({ id: "a1", type: "alert", message: "I want a refund now…", sender: "Visitor", timestamp: "2026-11-22T10:05:00Z", isRead: false });
  return store;
}

async function renderPage(store = storeWithItems()) {
  await renderWithUi(
    <MemoryRouter initialEntries={["/notifications"]}>
      <Routes>
        <Route path="/notifications" element={<NotificationsPage store={store} />} />
        <Route path="/conversations/live" element={<p>Live conversations page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return store;
}

const listed = () => within(screen.getByRole("list", { name: "Notifications" })).getAllByRole("listitem").map((item) => item.textContent ?? "");

describe("the notifications page", () => {
  it("wraps the filters onto more rows on a narrow screen instead of pushing the last one off it", async () => {
    await renderPage();
    const filters = await screen.findByRole("group", { name: "Show" });
    expect(getComputedStyle(filters).flexWrap).toBe("wrap");
  });

  it("lists every notification with the bell's actions, filtered to the unread ones or the alerts", async () => {
    const store = await renderPage();
    expect(await screen.findByRole("heading", { name: "Notifications" })).toBeTruthy();
    expect(listed()).toHaveLength(3);

    await userEvent.click(screen.getByRole("button", { name: "Unread (2)" }));
    expect(screen.getByRole("button", { name: "Unread (2)" }).getAttribute("aria-pressed")).toBe("true");
    expect(listed().map((text) => text.includes("Is my order on its way?"))).toEqual([false, false]);

    await userEvent.click(screen.getByRole("button", { name: "Alerts (1)" }));
    expect(listed()).toHaveLength(1);
    expect(listed()[0]).toContain("I want a refund now…");

    // Read here is read in the bell: the same store.
    await userEvent.click(screen.getByRole("button", { name: "Mark as read" }));
    expect(store.list().find((item) => item.id === "a1")?.isRead).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Unread (1)" }));
    expect(listed()).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Mark all as read" }));
    expect(store.list().every((item) => item.isRead)).toBe(true);
    expect(screen.getByTestId("notifications-empty").textContent).toBe("You have read every notification.");
    expect((screen.getByRole("button", { name: "Mark all as read" }) as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole("button", { name: "All (3)" }));
    await userEvent.click(screen.getAllByRole("button", { name: "Hide notification" })[0]!);
    expect(store.list()).toHaveLength(2);
    expect(listed()).toHaveLength(2);
  });

  it("opens the live conversations from a notification", async () => {
    await renderPage();
    await userEvent.click((await screen.findAllByRole("button", { name: "Go to live conversations" }))[0]!);
    await waitFor(() => expect(screen.getByText("Live conversations page")).toBeTruthy());
  });

  it("says what will appear when there are none, in Dutch too", async () => {
    await renderPage(createNotificationStore(() => {}));
    expect((await screen.findByTestId("notifications-empty")).textContent).toContain("No notifications found.");
    // Every agent of the configuration (and the admins) gets them, not only the one who took the conversation over.
    expect(screen.getByTestId("notifications-empty").textContent).toContain("a conversation an agent took over");
    await act(() => i18n.changeLanguage("nl"));
    await waitFor(() => expect(screen.getByTestId("notifications-empty").textContent).toContain("Geen meldingen gevonden."));
    expect(screen.getByRole("heading", { name: "Meldingen" })).toBeTruthy();
    await act(() => i18n.changeLanguage("en"));
  });
});
