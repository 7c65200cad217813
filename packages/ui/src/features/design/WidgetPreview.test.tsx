import { fireEvent, screen } from "@testing-library/react";
import { widgetIcons } from "@parley/domain/widget";
import { describe, expect, it } from "vitest";
import { renderWithUi } from "../../test/render";
import { designValuesOf } from "./design";
import { WidgetPreview } from "./WidgetPreview";

const pathsIn = (element: HTMLElement) =>
  [...element.querySelectorAll("svg path")].map((path) => path.getAttribute("d"));

describe("the design preview draws what the widget draws", () => {
  it("shows the widget's default avatar (a person) in the header when the design has no avatar", async () => {
    await renderWithUi(<WidgetPreview values={designValuesOf(null, "en")} />);
    expect(pathsIn(screen.getByTestId("preview-header"))).toEqual([widgetIcons.defaultAvatar.path]);
  });

  it("shows the widget's own chat-button icon when the design has no button image", async () => {
    await renderWithUi(<WidgetPreview values={designValuesOf(null, "en")} />);
    // The desktop page shows the button beside the open chat.
    fireEvent.click(screen.getByRole("button", { name: "Desktop" }));
    expect(pathsIn(await screen.findByTestId("preview-launcher"))).toEqual([widgetIcons.launcher]);
  });

  it("shows the widget's rating thumbs when the design shows ratings", async () => {
    const values = designValuesOf(null, "en");
    await renderWithUi(<WidgetPreview values={{ ...values, chatbotSettings: { ...values.chatbotSettings, showRating: true } }} />);
    expect(pathsIn(screen.getByLabelText("Rate this answer"))).toEqual([...widgetIcons.helpful, ...widgetIcons.notHelpful]);
  });

  it("writes its sample conversation in the widget's language, not the portal's", async () => {
    const values = designValuesOf(null, "en");
    await renderWithUi(<WidgetPreview values={{ ...values, chatbotSettings: { ...values.chatbotSettings, uiLanguage: "nl" } }} />);
    expect(await screen.findByText("Wat zijn jullie openingstijden?")).toBeTruthy();
    expect(screen.queryByText("What are your opening hours?")).toBeNull();
  });

  it("tells assistive technology the language of the previewed widget (WCAG 3.1.2), which may not be the portal's", async () => {
    const values = designValuesOf(null, "en");
    await renderWithUi(<WidgetPreview values={{ ...values, chatbotSettings: { ...values.chatbotSettings, uiLanguage: "nl" } }} />);
    expect(screen.getByTestId("preview-window").getAttribute("lang")).toBe("nl");
  });
});
