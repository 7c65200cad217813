import { Button, Center, Heading, Icon, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { useTranslation } from "react-i18next";
import { LuCompass, LuLock, LuRocket, LuServerCrash, LuSettings2, LuWrench } from "react-icons/lu";
import { Link as RouterLink, useSearchParams } from "react-router-dom";
import { useSelectedConfiguration } from "../../configuration/selection";
import { AuthLayout } from "../../layout/AuthLayout";
import { useSessionUser } from "../../shell/useSessionUser";

export interface MessageContentProps {
  icon: IconType;
  title: string;
  text: string;
  actions?: ReactNode;
}

/** A page-sized message with what to do next, used inside and outside the shell. */
export function MessageContent({ icon, title, text, actions }: MessageContentProps) {
  return (
    <Center py="16" px="4">
      <Stack gap="4" align="center" textAlign="center" maxW="lg">
        <Icon as={icon} boxSize="12" color="colorPalette.fg" aria-hidden />
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        {actions && (
          // Two actions side by side can be wider than a card (the sign-in card, German texts): they wrap
          // instead of overflowing it.
          <Stack direction={{ base: "column", sm: "row" }} wrap="wrap" justify="center" gap="3">
            {actions}
          </Stack>
        )}
      </Stack>
    </Center>
  );
}

function HomeButton({ to = "/" }: { to?: string }) {
  const { t } = useTranslation("misc");
  return (
    <Button asChild>
      <RouterLink to={to}>{t("misc.backHome")}</RouterLink>
    </Button>
  );
}

/** 'Coming soon' inside the shell, for screens later issues fill. */
export function ComingSoonContent({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation("misc");
  return (
    <MessageContent
      icon={LuRocket}
      title={titleKey ? t(titleKey) : t("misc.comingSoon.title")}
      text={t("misc.comingSoon.text")}
    />
  );
}

/** A page that works on a configuration, opened while none is selected (spec 01 §2: the groups need one). */
export function SelectConfigurationContent() {
  const { t } = useTranslation(["misc", "shell"]);
  const isAdmin = useSessionUser()?.role === "admin";
  return (
    <MessageContent
      icon={LuSettings2}
      title={t("misc.selectConfiguration.title")}
      text={t(isAdmin ? "misc.selectConfiguration.adminText" : "misc.selectConfiguration.text")}
      actions={
        isAdmin ? (
          <Button asChild>
            <RouterLink to="/settings/general?new=1">{t("shell:configuration.new")}</RouterLink>
          </Button>
        ) : undefined
      }
    />
  );
}

/**
 * A page that works on the selected configuration, whichever way it was reached (menu, deep link, home
 * shortcut, search): "select a configuration" while none is selected. `allowsNew`: `?new=1` creates one.
 */
export function NeedsConfiguration({ children, allowsNew }: { children: ReactNode; allowsNew: boolean }) {
  const selected = useSelectedConfiguration();
  const [searchParams] = useSearchParams();
  if (selected || (allowsNew && searchParams.get("new") === "1")) return children;
  return <SelectConfigurationContent />;
}

export function ComingSoonPage() {
  const { t } = useTranslation("misc");
  return (
    <AuthLayout title={t("misc.comingSoon.title")}>
      <MessageContent icon={LuRocket} title={t("misc.comingSoon.title")} text={t("misc.comingSoon.text")} actions={<HomeButton />} />
    </AuthLayout>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation("misc");
  return (
    <AuthLayout title={t("misc.notFound.title")}>
      <MessageContent icon={LuCompass} title={t("misc.notFound.heading")} text={t("misc.notFound.text")} actions={<HomeButton />} />
    </AuthLayout>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation("misc");
  return (
    <AuthLayout title={t("misc.maintenance.title")}>
      <MessageContent
        icon={LuWrench}
        title={t("misc.maintenance.heading")}
        text={t("misc.maintenance.text")}
        actions={<Button onClick={() => window.location.reload()}>{t("misc.tryAgain")}</Button>}
      />
    </AuthLayout>
  );
}

export function ServerErrorContent() {
  const { t } = useTranslation("misc");
  return (
    <MessageContent
      icon={LuServerCrash}
      title={t("misc.serverError.heading")}
      text={t("misc.serverError.text")}
      actions={
        <>
          <Button onClick={() => window.location.reload()}>{t("misc.tryAgain")}</Button>
          <HomeButton />
        </>
      }
    />
  );
}

export function ServerErrorPage() {
  const { t } = useTranslation("misc");
  return (
    <AuthLayout title={t("misc.serverError.title")}>
      <ServerErrorContent />
    </AuthLayout>
  );
}

export interface NotAuthorizedPageProps {
  /** The other portal, where this account belongs (absolute path, e.g. "/admin/"). */
  otherPortalUrl?: string;
  /** i18n key of the other portal's name, e.g. `portals.admin`. */
  otherPortalNameKey?: string;
  onLogout?: () => void;
}

export function NotAuthorizedPage({ otherPortalUrl, otherPortalNameKey, onLogout }: NotAuthorizedPageProps) {
  const { t } = useTranslation("misc");
  const otherPortalName = otherPortalNameKey ? t(otherPortalNameKey) : undefined;
  return (
    <AuthLayout title={t("misc.notAuthorized.title")}>
      <MessageContent
        icon={LuLock}
        title={t("misc.notAuthorized.heading")}
        text={otherPortalName ? t("misc.notAuthorized.textOtherPortal", { portal: otherPortalName }) : t("misc.notAuthorized.text")}
        actions={
          <>
            {otherPortalUrl && (
              <Button asChild>
                <a href={otherPortalUrl}>{t("misc.notAuthorized.goToPortal", { portal: otherPortalName })}</a>
              </Button>
            )}
            {onLogout && (
              <Button variant="outline" onClick={onLogout}>
                {t("misc.notAuthorized.signInOther")}
              </Button>
            )}
          </>
        }
      />
    </AuthLayout>
  );
}

/**
 * A page of the shell the signed-in role may not open (the manifest's `roles`), reached by its address
 * rather than the menu: not-authorized inside the shell, with the way home.
 */
export function NotAuthorizedContent() {
  const { t } = useTranslation("misc");
  return <MessageContent icon={LuLock} title={t("misc.notAuthorized.heading")} text={t("misc.notAuthorized.text")} actions={<HomeButton />} />;
}

/** Shown by the router when a route fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation("misc");
  return (
    <AuthLayout title={t("misc.serverError.title")}>
      <ServerErrorContent />
    </AuthLayout>
  );
}
