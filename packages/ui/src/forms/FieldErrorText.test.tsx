import { Field } from "@chakra-ui/react";
import { validationIssue } from "@parley/domain/validation/messages";
import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/setup";
import { renderWithUi } from "../test/render";
import { FieldErrorText } from "./FieldErrorText";

function Failure({ error }: { error: unknown }) {
  return (
    <Field.Root invalid>
      <FieldErrorText error={error} />
    </Field.Root>
  );
}

describe("a field's failure with numbers", () => {
  afterEach(async () => {
    if (i18n.language !== "en") await act(() => i18n.changeLanguage("en"));
  });

  it("writes the range's numbers as the reader's language does, not as the program stores them", async () => {
    await renderWithUi(<Failure error={validationIssue("whole_number_between", { min: 0, max: 2_147_483_647 })} />);
    expect(await screen.findByText("Enter a whole number from 0 to 2,147,483,647")).toBeTruthy();
    await act(() => i18n.changeLanguage("fr"));
    // French groups thousands with a narrow no-break space and writes 0,1 with a comma.
    expect((await screen.findByText(/^Saisissez un nombre entier de 0 à 2/)).textContent?.replace(/\s/gu, " ")).toBe("Saisissez un nombre entier de 0 à 2 147 483 647");
  });

  it("writes a decimal bound with the language's decimal sign", async () => {
    await renderWithUi(<Failure error={validationIssue("number_between", { min: 0.1, max: 2 })} />);
    await act(() => i18n.changeLanguage("de"));
    expect(await screen.findByText("Geben Sie eine Zahl von 0,1 bis 2 ein")).toBeTruthy();
  });
});
