import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { getSelectedConfiguration, selectConfiguration } from "../configuration/selection";
import { renderWithUi } from "../test/render";
import { NotificationBell } from "./NotificationBell";
import { createNotificationStore } from "./store";

function setup(withItems: boolean) {
  const store = createNotificationStore(() => {});
  if (withItems) {
    store.add({ id: "c1", type: "chat", message: "New message from a visitor", timestamp: "2026-11-22T10:00:00Z", isRead: false });
    store.add({ id: "a1", type: "alert", message: "I want a refund now…", sender: "Visitor", timestamp: "2026-11-22T10:05:00Z", isRead: false });
  }
  return store;
}

async function renderBell(withItems: boolean) {
  const store = setup(withItems);
  await renderWithUi(
    <MemoryRouter initialEntries={["/"]}>
      <Routes>
        <Route path="/" element={<NotificationBell store={store} />} />
        <Route path="/conversations/live" element={<p>Live conversations page</p>} />
        <Route path="/notifications" element={<p>Notifications page</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return store;
}

describe("notification bell", () => {
  it("says 'No notifications found' when there are none", async () => {
    await renderBell(false);
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications found")).toBeTruthy();
  });

  it("lists notifications, makes alerts blink, marks all as read and hides one", async () => {
    const store = await renderBell(true);
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 2 unread" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    const alert = within(dialog).getByText("I want a refund now…").closest("li");
    expect(alert?.getAttribute("data-notification-type")).toBe("alert");
    expect(getComputedStyle(alert as HTMLElement).animation).toContain("pulse");

    await userEvent.click(within(dialog).getByRole("button", { name: "Mark all as read" }));
    expect(store.list().every((item) => item.isRead)).toBe(true);

    await userEvent.click(within(dialog).getAllByRole("button", { name: "Hide notification" })[0]!);
    expect(store.list().map((item) => item.id)).toEqual(["c1"]);
  });

  it("wraps its footer buttons on a phone instead of pushing the first one off the dialog's edge", async () => {
    await renderBell(true);
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 2 unread" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    const footer = within(dialog).getByRole("button", { name: "View all" }).parentElement as HTMLElement;
    // jsdom lays nothing out and skips Chakra's cascade layers: the footer's own style rule says it.
    const styles = [...document.querySelectorAll("style")].map((style) => style.textContent ?? "").join("\n");
    const footerRules = [...footer.classList].filter((name) => name.startsWith("css-")).flatMap((name) => [...styles.matchAll(new RegExp(`\\.${name}\\{([^}]*)\\}`, "g"))].map((match) => match[1]));
    expect(footerRules.join(";")).toContain("flex-wrap:wrap");
  });

  it("goes to the live conversations", async () => {
    await renderBell(true);
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 2 unread" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    await userEvent.click(within(dialog).getAllByRole("button", { name: "Go to live conversations" })[0]!);
    await waitFor(() => expect(screen.getByText("Live conversations page")).toBeTruthy());
  });

  it("opens the live conversations of the notification's configuration, not of the one selected", async () => {
    selectConfiguration({ _id: "c-other", name: "other" });
    const store = createNotificationStore(() => {});
    store.add({ id: "a2", type: "alert", message: "I want to file a...", sender: "demo-webshop", configurationId: "c-alerted", session_id: "s1", timestamp: "2026-11-22T10:05:00Z", isRead: false });
    await renderWithUi(
      <MemoryRouter initialEntries={["/"]}>
        <Routes>
          <Route path="/" element={<NotificationBell store={store} />} />
          <Route path="/conversations/live" element={<p>Live conversations page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    await userEvent.click(within(dialog).getAllByRole("button", { name: "Go to live conversations" })[0]!);
    await waitFor(() => expect(screen.getByText("Live conversations page")).toBeTruthy());
    expect(getSelectedConfiguration()?._id).toBe("c-alerted");
    selectConfiguration(null);
  });

  it("offers 'View all' even without notifications, which opens the notifications page", async () => {
    await renderBell(false);
    await userEvent.click(screen.getByRole("button", { name: "Notifications" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    await userEvent.click(within(dialog).getByRole("button", { name: "View all" }));
    await waitFor(() => expect(screen.getByText("Notifications page")).toBeTruthy());
  });

  it("shows more than the first five in the dialog on demand", async () => {
    const store = createNotificationStore(() => {});
    for (let i = 1; i <= 7; i++) store.add({ id: `n${i}`, type: "chat", message: `Message ${i}`, timestamp: "2026-11-22T10:00:00Z", isRead: false });
    await renderWithUi(
      <MemoryRouter>
        <NotificationBell store={store} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Notifications, 7 unread" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(5);
    await userEvent.click(within(dialog).getByRole("button", { name: "Show 2 more" }));
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(7);
  });
});
