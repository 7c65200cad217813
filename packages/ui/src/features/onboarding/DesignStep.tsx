import { Box, Center, ColorSwatch, Field, Flex, HStack, Image, Input, RadioGroup, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { defaultChatbotSettings, isDesignColor } from "@parley/domain/chatbotDesign";
import { readableTextOn } from "@parley/domain/contrast";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuBot, LuMessageCircle } from "react-icons/lu";
import { useOnboardingScreenshot } from "./hooks";
import { StepActions } from "./StepActions";
import { shownPrimaryColor, type WizardDraft } from "./wizard";

export interface DesignStepProps {
  draft: WizardDraft;
  onChange: (change: Pick<Partial<WizardDraft>, "primaryColor" | "logoUrl">) => void;
  onBack: () => void;
  onContinue: () => void;
}

const noLogo = "none";

/** The new widget's colours that the wizard does not change. */
const widget = defaultChatbotSettings;

/**
 * The widget over the website's screenshot (or a plain surface when there is none), in the chosen colour and logo,
 * with the widget's own (light) colours whatever the portal's theme: that is how visitors will see it.
 */
function Preview({ draft, logoShown }: { draft: WizardDraft; logoShown: boolean }) {
  const { t } = useTranslation("onboarding");
  const screenshot = useOnboardingScreenshot(draft.attemptId);
  const colour = shownPrimaryColor(draft);
  const onColour = readableTextOn(colour);
  return (
    <Box position="relative" borderWidth="1px" borderRadius="md" overflow="hidden" minH="80" bg="bg.muted" data-testid="design-preview" aria-label={t("design.previewLabel")} role="img">
      {screenshot.data ? (
        <Image src={screenshot.data} alt="" w="full" h="full" objectFit="cover" position="absolute" inset="0" />
      ) : (
        // At the top, clear of the chat window drawn over the lower right.
        <Text position="absolute" top="4" left="4" right="4" color="fg.muted" fontSize="sm">
          {/* Without an attempt nothing is asked (the query stays pending, idle). */}
          {screenshot.isPending && draft.attemptId !== null ? t("design.previewLoading") : t("design.noScreenshot")}
        </Text>
      )}
      <Stack position="absolute" right="4" bottom="4" w="60" gap="2" align="flex-end">
        <Box w="full" borderRadius="lg" overflow="hidden" boxShadow="lg" style={{ background: widget.backgroundColor, color: widget.textColor }} data-testid="preview-window">
          <HStack px="3" py="2" style={{ background: colour, color: onColour }} gap="2">
            {draft.logoUrl && logoShown ? <Image src={draft.logoUrl} alt="" boxSize="6" objectFit="contain" bg="white" borderRadius="full" /> : <LuBot />}
            <Text fontSize="sm" fontWeight="medium">
              {t("design.previewTitle")}
            </Text>
          </HStack>
          <Stack p="3" gap="2" fontSize="xs">
            <Box alignSelf="flex-start" px="2" py="1" borderRadius="md" style={{ background: widget.botMessageBackgroundColor, color: widget.botMessageTextColor }}>
              {t("design.previewBot")}
            </Box>
            <Box alignSelf="flex-end" px="2" py="1" borderRadius="md" style={{ background: colour, color: onColour }}>
              {t("design.previewUser")}
            </Box>
          </Stack>
        </Box>
        <Center boxSize="12" borderRadius="full" boxShadow="md" style={{ background: colour, color: onColour }}>
          <LuMessageCircle size="24" />
        </Center>
      </Stack>
    </Box>
  );
}

/**
 * Design: the primary colour from the colours found (swatches, or any colour from the colour input) and the
 * logo from the logos found, or none (the default avatar), with a live preview.
 */
export function DesignStep({ draft, onChange, onBack, onContinue }: DesignStepProps) {
  const { t } = useTranslation("onboarding");
  const colours = [...new Set((draft.branding?.primary_colors ?? []).filter(isDesignColor))];
  // Logos the browser could not show (gone, or on http where the portal loads images over https only) are not offered.
  const [unshown, setUnshown] = useState<ReadonlySet<string>>(new Set());
  const logos = (draft.branding?.logo_urls ?? []).filter((logo) => !unshown.has(logo));
  const hideLogo = (logo: string) => setUnshown((before) => new Set([...before, logo]));
  // A chosen logo that cannot be shown gives way to the next that can, else the default avatar.
  const chosenUnshown = draft.logoUrl !== null && unshown.has(draft.logoUrl);
  useEffect(() => {
    if (chosenUnshown) onChange({ logoUrl: logos[0] ?? null });
  }, [chosenUnshown, logos, onChange]);
  const colour = shownPrimaryColor(draft);
  // The colour input takes #rrggbb only; another format found on the site shows as black there but stays chosen.
  const pickerValue = /^#[0-9a-f]{6}$/i.test(colour) ? colour : "#000000";
  return (
    <Stack gap="5">
      <Text color="fg.muted">{t("design.intro")}</Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Stack gap="5">
          <Stack gap="2">
            <Text fontWeight="medium" id="colour-label">
              {t("design.colour")}
            </Text>
            {colours.length === 0 && (
              <Text fontSize="sm" color="fg.muted">
                {t(draft.attemptId === null ? "design.noColoursWithoutWebsite" : "design.noColours")}
              </Text>
            )}
            <RadioGroup.Root value={draft.primaryColor ?? ""} onValueChange={(details) => details.value && onChange({ primaryColor: details.value })} aria-labelledby="colour-label">
              <Flex gap="2" wrap="wrap">
                {colours.map((found) => (
                  <RadioGroup.Item
                    key={found}
                    value={found}
                    aria-label={t("design.swatch", { colour: found })}
                    data-testid="colour-swatch"
                    borderRadius="md"
                    _focusVisible={{ outline: "2px solid", outlineColor: "colorPalette.focusRing", outlineOffset: "2px" }}
                  >
                    <RadioGroup.ItemHiddenInput />
                    <Box borderWidth="2px" borderRadius="md" p="0.5" borderColor={draft.primaryColor === found ? "fg" : "transparent"}>
                      <ColorSwatch value={found} boxSize="9" borderRadius="sm" />
                    </Box>
                  </RadioGroup.Item>
                ))}
              </Flex>
            </RadioGroup.Root>
            <Field.Root>
              <Field.Label>{t("design.customColour")}</Field.Label>
              <HStack gap="2">
                <Input type="color" w="16" p="1" value={pickerValue} onChange={(event) => onChange({ primaryColor: event.target.value })} />
                <Text fontFamily="mono" fontSize="sm" data-testid="chosen-colour">
                  {colour}
                </Text>
              </HStack>
            </Field.Root>
          </Stack>
          <RadioGroup.Root value={draft.logoUrl ?? noLogo} onValueChange={(details) => onChange({ logoUrl: details.value === noLogo || !details.value ? null : details.value })}>
            <Text fontWeight="medium" mb="2">
              {t("design.logo")}
            </Text>
            <Stack gap="2">
              {logos.map((logo, index) => (
                <RadioGroup.Item key={logo} value={logo}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    <HStack gap="2">
                      <Image src={logo} alt="" boxSize="10" objectFit="contain" bg="white" borderRadius="sm" borderWidth="1px" onError={() => hideLogo(logo)} />
                      <Text>{t("design.logoNumber", { number: index + 1 })}</Text>
                    </HStack>
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
              <RadioGroup.Item value={noLogo}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t("design.noLogo")}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </Stack>
          </RadioGroup.Root>
        </Stack>
        <Preview draft={draft} logoShown={!chosenUnshown} />
      </SimpleGrid>
      <StepActions onBack={onBack} onContinue={onContinue} />
    </Stack>
  );
}
