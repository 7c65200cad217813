import { Box, Button, Flex, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import { designTextLanguageOf, isDesignUrl } from "@parley/domain/chatbotDesign";
import { phonePreviewSize, widgetIcons } from "@parley/domain/widget";
import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  LuMonitor,
  LuPaperclip,
  LuSend,
  LuSmartphone,
  LuSmile,
} from "react-icons/lu";
import type { ButtonSettingsValues, ChatSettingsValues, DesignValues } from "./design";

type BubbleStyle = ChatSettingsValues["userBubbleStyle"];

const radiusOf = (style: BubbleStyle, borderRadius: number) =>
  style === "square" ? "4px" : style === "pill" ? "999px" : `${Math.min(borderRadius, 24)}px`;

/** An image the preview may show: what the widget would load (http(s) or a path of this server). */
const imageOf = (url: string | null) => (url && isDesignUrl(url) ? url : null);

/** The disclaimer's text: the preview never runs the customer's HTML (the widget shows it sanitised). */
function textOfHtml(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
}

function backgroundOf(chat: ChatSettingsValues): CSSProperties {
  const image = imageOf(chat.backgroundImageUrl);
  const colour =
    chat.backgroundType === "gradient"
      ? `linear-gradient(180deg, ${chat.backgroundGradientStart}, ${chat.backgroundGradientEnd})`
      : chat.backgroundColor;
  return image
    ? { background: `url(${JSON.stringify(image)}) center / cover, ${colour}` }
    : { background: colour };
}

/** The widget's default avatar, as the widget draws it (widgetIcons). */
function DefaultAvatar() {
  const { disc, path } = widgetIcons.defaultAvatar;
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden focusable="false">
      <circle cx="12" cy="12" r="12" fill={disc} />
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/** The widget's chat-button icon, at the widget's size (55 % of the button). */
function LauncherIcon() {
  return (
    <svg viewBox="0 0 24 24" width="55%" height="55%" aria-hidden focusable="false">
      <path fill="currentColor" d={widgetIcons.launcher} />
    </svg>
  );
}

/** A stroked drawing of widgetIcons (the answer's rating), as the widget draws it. */
function StrokedIcon({ paths }: { paths: readonly string[] }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {paths.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

function ChatWindowPreview({ chat, fill }: { chat: ChatSettingsValues; fill: boolean }) {
  const { t } = useTranslation("design");
  // The sample conversation is in the widget's language, as its greeting and placeholder are. Another language's
  // texts load without suspending (the preview would blank the page); the portal's fallback shows meanwhile.
  const widgetLanguage = designTextLanguageOf(chat.uiLanguage);
  const { t: inWidgetLanguage } = useTranslation("design", { lng: widgetLanguage, useSuspense: false });
  const avatar = chat.avatarType === "default" ? null : imageOf(chat.avatarUrl);
  const botImage = imageOf(chat.botImageUrl);
  const disclaimer = useMemo(() => textOfHtml(chat.disclaimerHtml), [chat.disclaimerHtml]);
  const bubble = (who: "user" | "bot"): CSSProperties => ({
    background: who === "user" ? chat.userMessageBackgroundColor : chat.botMessageBackgroundColor,
    color: who === "user" ? chat.userMessageTextColor : chat.botMessageTextColor,
    borderRadius: radiusOf(who === "user" ? chat.userBubbleStyle : chat.botBubbleStyle, chat.borderRadius),
    padding: "8px 12px",
    maxWidth: "80%",
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
  });
  return (
    <Flex
      direction="column"
      overflow="hidden"
      boxShadow="lg"
      data-testid="preview-window"
      // Its texts are in the widget's language, which need not be the portal's (read aloud in the right one).
      lang={widgetLanguage}
      style={{
        ...backgroundOf(chat),
        color: chat.textColor,
        fontSize: `${chat.fontSize}px`,
        borderRadius: fill ? 0 : `${chat.borderRadius}px`,
        width: "100%",
        height: "100%",
      }}
    >
      <HStack
        gap="3"
        px="4"
        py="3"
        flexShrink={0}
        data-testid="preview-header"
        style={{
          background: `linear-gradient(${chat.headerGradientDirection}, ${chat.headerGradientStart}, ${chat.headerGradientEnd})`,
          color: chat.headerTextColor,
          fontFamily: chat.headerFont,
        }}
      >
        <Flex
          boxSize="9"
          borderRadius="full"
          align="center"
          justify="center"
          overflow="hidden"
          flexShrink={0}
        >
          {avatar ? (
            <img src={avatar} alt="" width={36} height={36} style={{ objectFit: "cover" }} />
          ) : (
            <DefaultAvatar />
          )}
        </Flex>
        <Stack gap="0" flex="1" minW="0">
          <Text
            fontWeight="bold"
            lineClamp={1}
            data-testid="preview-title"
            style={{ fontSize: `${chat.headerFontSize}px` }}
          >
            {chat.headerTitle || chat.name}
          </Text>
          {chat.headerSubtitle && (
            <Text fontSize="0.85em" lineClamp={1} opacity={0.9}>
              {chat.headerSubtitle}
            </Text>
          )}
        </Stack>
        {botImage && (
          <img
            src={botImage}
            alt=""
            height={36}
            style={{ maxHeight: 36, maxWidth: 72, objectFit: "contain" }}
          />
        )}
      </HStack>
      {chat.enableOnlineMessage && chat.onlineMessage && (
        <Text
          px="4"
          py="1"
          fontSize="0.85em"
          textAlign="center"
          style={{ background: chat.secondaryColor, color: chat.textColor }}
        >
          {chat.onlineMessage}
        </Text>
      )}
      <Stack gap="3" p="4" flex="1" overflow="hidden">
        <Box alignSelf="flex-start" style={bubble("bot")} data-testid="preview-start-message">
          {chat.startMessage}
        </Box>
        <Box alignSelf="flex-end" style={bubble("user")}>
          {inWidgetLanguage("preview.sampleQuestion")}
        </Box>
        <Stack alignSelf="flex-start" gap="1" maxW="80%">
          <Box style={{ ...bubble("bot"), maxWidth: "100%" }}>{inWidgetLanguage("preview.sampleAnswer")}</Box>
          {chat.showRating && (
            <HStack gap="2" opacity={0.7} aria-label={t("preview.rating")}>
              <StrokedIcon paths={widgetIcons.helpful} />
              <StrokedIcon paths={widgetIcons.notHelpful} />
            </HStack>
          )}
        </Stack>
      </Stack>
      <HStack
        gap="2"
        px="3"
        py="2"
        borderTopWidth="1px"
        borderColor="blackAlpha.200"
        flexShrink={0}
        bg="whiteAlpha.700"
      >
        {chat.allowEmoticons && <LuSmile aria-hidden color="#4b5563" />}
        {chat.allowAttachments && <LuPaperclip aria-hidden color="#4b5563" />}
        <Text flex="1" color="#6b7280" lineClamp={1} data-testid="preview-placeholder">
          {chat.userInputPlaceholderText}
        </Text>
        <Flex
          boxSize="8"
          borderRadius="full"
          align="center"
          justify="center"
          style={{ background: chat.primaryColor, color: "#ffffff" }}
        >
          <LuSend aria-hidden />
        </Flex>
      </HStack>
      {(disclaimer || (chat.showPoweredBy && chat.poweredByText)) && (
        <Stack gap="0" px="3" pb="2" fontSize="0.75em" textAlign="center" opacity={0.8} flexShrink={0}>
          {disclaimer && <Text lineClamp={2}>{disclaimer}</Text>}
          {chat.showPoweredBy && chat.poweredByText && <Text>{chat.poweredByText}</Text>}
        </Stack>
      )}
    </Flex>
  );
}

function LauncherPreview({
  button,
  side,
  showBubble,
}: {
  button: ButtonSettingsValues;
  side: "left" | "right";
  showBubble: boolean;
}) {
  const image = imageOf(button.buttonImageUrl);
  const bubbleOnTop = button.chatbuttonBubblePosition === "top";
  return (
    <Flex
      direction={bubbleOnTop ? "column" : side === "right" ? "row" : "row-reverse"}
      align={bubbleOnTop ? (side === "right" ? "flex-end" : "flex-start") : "flex-end"}
      gap="2.5"
    >
      {showBubble && button.showChatbuttonBubble && (
        <Box
          px="3"
          py="2"
          borderRadius="lg"
          boxShadow="md"
          data-testid="preview-bubble"
          style={{
            width: `${button.chatbuttonBubbleWidth}px`,
            maxWidth: "100%",
            background: button.chatbuttonBubbleBackgroundColor,
            color: button.chatbuttonBubbleTextColor,
          }}
        >
          {button.chatbuttonBubbleText}
        </Box>
      )}
      <Flex
        align="center"
        justify="center"
        borderRadius="full"
        overflow="hidden"
        flexShrink={0}
        data-testid="preview-launcher"
        style={{
          width: `${button.buttonHeight}px`,
          height: `${button.buttonHeight}px`,
          background: button.buttonBackgroundColor,
          color: button.buttonIconColor,
          border: `${button.borderWidth}px solid ${button.borderColor}`,
          boxShadow: button.shadowWidth > 0 ? `0 0 ${button.shadowWidth}px ${button.shadowColor}` : "none",
        }}
      >
        {image ? (
          <img src={image} alt="" style={{ width: "100%", height: "100%", objectFit: "cover" }} />
        ) : (
          <LauncherIcon />
        )}
      </Flex>
    </Flex>
  );
}

/** A mock web page behind the widget, so colours are seen on a page. */
function PageSketch() {
  return (
    <Stack gap="3" p="5" aria-hidden>
      <Box h="3" w="40%" bg="gray.300" borderRadius="sm" />
      <Box h="2" w="90%" bg="gray.200" borderRadius="sm" />
      <Box h="2" w="80%" bg="gray.200" borderRadius="sm" />
      <Box h="2" w="85%" bg="gray.200" borderRadius="sm" />
    </Stack>
  );
}

/** The desktop page the preview draws, shrunk to the column it has: sizes in pixels keep their proportion to a real screen. */
const desktopPage = { width: 1280, height: 800 } as const;

function ScaledDesktop({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.4);
  useLayoutEffect(() => {
    const element = outer.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setScale(Math.min(1, width / desktopPage.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box
      ref={outer}
      position="relative"
      overflow="hidden"
      style={{ height: `${desktopPage.height * scale}px` }}
    >
      <Box
        position="absolute"
        top="0"
        left="0"
        style={{
          width: `${desktopPage.width}px`,
          height: `${desktopPage.height}px`,
          transform: `scale(${scale})`,
          transformOrigin: "top left",
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

export type PreviewDevice = "phone" | "desktop";

/**
 * The live preview of a design: the chat window and its button as the widget draws them, in a phone frame
 * of 350 by 625 (the chat fills the screen) or a desktop page (the window at its configured size and place).
 * It is drawn from the form's values on every keystroke; nothing in it can be focused or clicked.
 */
export function WidgetPreview({ values }: { values: DesignValues }) {
  const { t } = useTranslation("design");
  const [device, setDevice] = useState<PreviewDevice>("phone");
  const [open, setOpen] = useState(true);
  const { chatbotSettings: chat, chatbotButtonSettings: button } = values;
  const embedded = chat.mode === "embedded";
  const shownOpen = open || embedded;
  const side = chat.position === "left" ? "left" : "right";
  const offset = { [side]: `${chat.positionRight}px`, bottom: `${chat.positionBottom}px` };

  return (
    <Stack gap="3" as="section" aria-labelledby="preview-heading">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text as="h2" id="preview-heading" fontWeight="semibold">
          {t("preview.title")}
        </Text>
        <HStack gap="1" role="group" aria-label={t("preview.device")}>
          <Button
            size="xs"
            variant={device === "phone" ? "solid" : "outline"}
            aria-pressed={device === "phone"}
            onClick={() => setDevice("phone")}
          >
            <LuSmartphone /> {t("preview.phone")}
          </Button>
          <Button
            size="xs"
            variant={device === "desktop" ? "solid" : "outline"}
            aria-pressed={device === "desktop"}
            onClick={() => setDevice("desktop")}
          >
            <LuMonitor /> {t("preview.desktop")}
          </Button>
        </HStack>
      </HStack>
      <Switch.Root
        size="sm"
        checked={shownOpen}
        disabled={embedded}
        onCheckedChange={(details) => setOpen(details.checked)}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t("preview.opened")}</Switch.Label>
      </Switch.Root>
      <Box
        inert
        data-testid={`preview-${device}`}
        aria-label={t(device === "phone" ? "preview.phoneFrame" : "preview.desktopFrame")}
        role="img"
      >
        {device === "phone" ? (
          <Box
            position="relative"
            mx="auto"
            borderWidth="10px"
            borderColor="gray.800"
            borderRadius="36px"
            overflow="hidden"
            bg="gray.50"
            style={{
              width: `${phonePreviewSize.width}px`,
              height: `${phonePreviewSize.height}px`,
              maxWidth: "100%",
            }}
          >
            {shownOpen ? (
              <ChatWindowPreview chat={chat} fill />
            ) : (
              <>
                <PageSketch />
                <Box
                  position="absolute"
                  style={{ [side]: "12px", bottom: "12px", maxWidth: "calc(100% - 24px)" }}
                >
                  <LauncherPreview button={button} side={side} showBubble />
                </Box>
              </>
            )}
          </Box>
        ) : (
          <Box borderWidth="1px" borderColor="border" borderRadius="lg" overflow="hidden" bg="gray.50">
            <HStack gap="1.5" px="3" py="2" bg="gray.200" aria-hidden>
              <Box boxSize="2.5" borderRadius="full" bg="red.400" />
              <Box boxSize="2.5" borderRadius="full" bg="yellow.400" />
              <Box boxSize="2.5" borderRadius="full" bg="green.400" />
            </HStack>
            <ScaledDesktop>
              <PageSketch />
              {embedded ? (
                <Box
                  mx="5"
                  style={{
                    height: chat.fullHeight ? "calc(100% - 120px)" : `${Math.min(chat.chatbotHeight, 540)}px`,
                    maxWidth: `${chat.chatbotWidth}px`,
                  }}
                >
                  <ChatWindowPreview chat={chat} fill={false} />
                </Box>
              ) : (
                <Stack
                  position="absolute"
                  gap="3"
                  align={side === "right" ? "flex-end" : "flex-start"}
                  style={{ ...offset, maxWidth: "calc(100% - 16px)", maxHeight: "calc(100% - 16px)" }}
                >
                  {shownOpen && (
                    <Box
                      style={{
                        width: `${chat.chatbotWidth}px`,
                        maxWidth: "100%",
                        height: chat.fullHeight ? "600px" : `${chat.chatbotHeight}px`,
                        maxHeight: `calc(${desktopPage.height}px - ${button.buttonHeight + chat.positionBottom + 40}px)`,
                      }}
                    >
                      <ChatWindowPreview chat={chat} fill={false} />
                    </Box>
                  )}
                  <LauncherPreview button={button} side={side} showBubble={!shownOpen} />
                </Stack>
              )}
            </ScaledDesktop>
          </Box>
        )}
      </Box>
    </Stack>
  );
}
