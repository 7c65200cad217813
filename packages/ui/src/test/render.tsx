import { ChakraProvider } from "@chakra-ui/react";
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n, setupI18n } from "../i18n/setup";
import { registerMoreSlotRecipes } from "../theme/moreSlotRecipes";
import { system } from "../theme/system";

/** Renders with the real Chakra system and the English texts. */
export async function renderWithUi(element: ReactElement): Promise<RenderResult> {
  registerMoreSlotRecipes();
  await setupI18n("en");
  if (i18n.language !== "en") await i18n.changeLanguage("en");
  return render(
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
    </ChakraProvider>,
  );
}
