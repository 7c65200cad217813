import {
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Kbd,
  Menu,
  Portal,
  Separator,
  Spinner,
  Stack,
  Text,
  Theme,
  chakra,
} from "@chakra-ui/react";
import { useQueryClient } from "@tanstack/react-query";
import type { Role } from "@parley/domain/roles";
import { Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import { useTheme } from "next-themes";
import { useTranslation } from "react-i18next";
import { LuChevronDown, LuMenu, LuPanelLeftClose, LuPanelLeftOpen, LuSearch } from "react-icons/lu";
import { NavLink as RouterNavLink, Outlet, useLocation, useNavigate } from "react-router-dom";
import { selectConfiguration, useSelectedConfiguration } from "../configuration/selection";
import { LiveStatus } from "../features/live/LiveStatus";
import { useLiveCount } from "../features/live/liveStore";
import { useLiveConnection } from "../features/live/useLiveConnection";
import { activeGroupId, isLinkActive, navigationFor, type NavEntry } from "../navigation/menu";
import { NotificationBell } from "../notifications/NotificationBell";
import { usePreferences } from "../preferences/context";
import { SearchDialog, useSearchShortcut } from "../search/SearchDialog";
import { clearSession } from "../session/session";
import { ConfigurationSelector } from "./ConfigurationSelector";
import { GettingStartedDialog } from "./GettingStartedDialog";
import { LanguageMenu } from "./LanguageMenu";
import { NavMenu, isBlocked } from "./NavMenu";
import { PreferencesDrawer } from "./PreferencesDrawer";
import { ProfileMenu } from "./ProfileMenu";
import { SelectedQuota } from "./SelectedQuota";
import { skinSurface } from "./skin";
import { ThemeSwitcher } from "./ThemeSwitcher";
import { useNavigateToMessages } from "./useNavigateToMessages";
import { useSessionUser } from "./useSessionUser";

export interface AppShellProps {
  /** Product name beside the logo, e.g. "Parley Admin". */
  title: string;
}

function Brand({ title, mini }: { title: string; mini: boolean }) {
  return (
    <HStack gap="2" px="2" h="10">
      <Box
        boxSize="7"
        borderRadius="md"
        bg="colorPalette.solid"
        color="colorPalette.contrast"
        display="grid"
        placeItems="center"
        fontWeight="bold"
        aria-hidden
      >
        P
      </Box>
      {!mini && (
        <Text fontWeight="bold" fontSize="lg" truncate>
          {title}
        </Text>
      )}
    </HStack>
  );
}

function SidebarContent({
  title,
  role,
  mini,
  entries,
  onNavigate,
}: {
  title: string;
  role: Role;
  mini: boolean;
  entries: NavEntry[];
  onNavigate?: () => void;
}) {
  const selected = useSelectedConfiguration();
  const liveCount = useLiveCount(selected?._id);
  return (
    <Flex direction="column" h="full" gap="4" p="3">
      <Brand title={title} mini={mini} />
      {!mini && <ConfigurationSelector isAdmin={role === "admin"} />}
      <Box flex="1" overflowY="auto">
        <NavMenu
          entries={entries}
          mini={mini}
          hasConfiguration={Boolean(selected)}
          liveCount={liveCount}
          onNavigate={onNavigate}
        />
      </Box>
      {!mini && <SelectedQuota />}
    </Flex>
  );
}

function HorizontalNav({ entries }: { entries: NavEntry[] }) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const selected = useSelectedConfiguration();
  const liveCount = useLiveCount(selected?._id);
  return (
    <chakra.nav aria-label={t("nav.label")} borderBottomWidth="1px" px="4" py="2" bg="bg.panel">
      <HStack as="ul" listStyleType="none" gap="1" wrap="wrap">
        {entries.map((entry) => {
          if (entry.kind === "link") {
            const active = isLinkActive(entry, pathname);
            return (
              <li key={entry.to}>
                <Button asChild size="sm" variant={active ? "solid" : "ghost"}>
                  <RouterNavLink to={entry.to} end aria-current={active ? "page" : undefined}>
                    {t(entry.labelKey)}
                  </RouterNavLink>
                </Button>
              </li>
            );
          }
          const active = activeGroupId([entry], pathname) === entry.id;
          return (
            <li key={entry.id}>
              <Menu.Root onSelect={(details) => navigate(details.value)}>
                <Menu.Trigger asChild>
                  <Button size="sm" variant={active ? "subtle" : entry.highlighted ? "outline" : "ghost"}>
                    {t(entry.labelKey)} <LuChevronDown />
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      {entry.children.map((child) => (
                        <Menu.Item
                          key={child.to}
                          value={child.to}
                          disabled={child.disabled || isBlocked(child, Boolean(selected))}
                        >
                          {t(child.labelKey)}
                          {child.badge === "liveCount" && liveCount > 0 && (
                            <Badge
                              colorPalette="red"
                              variant="solid"
                              size="sm"
                              ms="auto"
                              aria-label={t("nav.liveCount", { count: liveCount })}
                            >
                              {liveCount}
                            </Badge>
                          )}
                        </Menu.Item>
                      ))}
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            </li>
          );
        })}
      </HStack>
    </chakra.nav>
  );
}

function ContentFallback() {
  const { t } = useTranslation("shell");
  return (
    <Flex justify="center" py="20" aria-live="polite">
      <Spinner size="lg" aria-label={t("common.loading")} />
    </Flex>
  );
}

/**
 * The signed-in layout of both portals: sidebar (or horizontal menu), top bar with search, theme,
 * language, notifications and profile, the getting-started dialog, and the routed page.
 */
export function AppShell({ title }: AppShellProps) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const [preferences, update] = usePreferences();
  const { resolvedTheme } = useTheme();
  const [searchOpen, setSearchOpen] = useState(false);
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const mobileNavClose = useRef<HTMLButtonElement>(null);
  const role: Role = user?.role ?? "customer";
  // A self-onboarding account without a customer yet has only the onboarding page (the guard sends it
  // there): no menu, search or configuration, but the top bar with its profile menu and sign-out.
  const onboarding = role === "customer_so" && !user?.customerId;
  const openSearch = useCallback(() => {
    if (!onboarding) setSearchOpen(true);
  }, [onboarding]);
  useSearchShortcut(openSearch);
  useNavigateToMessages();
  // One live connection per signed-in agent: the live count, the connection state and the bell's notifications.
  useLiveConnection({ enabled: !onboarding });

  const entries = navigationFor(role);
  const vertical = preferences.menuLayout === "vertical" && !onboarding;
  const mini = preferences.miniMenu;
  const surface = skinSurface(preferences.skin);

  const handleLogout = () => {
    clearSession();
    selectConfiguration(null);
    queryClient.clear();
    navigate("/login");
  };

  const sidebar = (onNavigate?: () => void, isMini = mini): ReactNode => (
    <SidebarContent title={title} role={role} mini={isMini} entries={entries} onNavigate={onNavigate} />
  );
  // Semi-dark paints the menu dark while the rest stays light.
  const semiDark = preferences.semiDark && resolvedTheme !== "dark";

  return (
    <Flex minH="100vh" bg="bg.subtle">
      <chakra.a
        href="#main-content"
        position="absolute"
        left="-9999px"
        _focus={{ left: "2", top: "2", zIndex: "skipLink", bg: "bg.panel", p: "2", borderRadius: "md" }}
      >
        {t("common.skipToContent")}
      </chakra.a>
      {vertical && (
        <Theme
          appearance={semiDark ? "dark" : undefined}
          hasBackground={false}
          colorPalette="primary"
          asChild
        >
          <Box
            as="aside"
            colorPalette="primary"
            aria-label={t("nav.sidebar")}
            display={{ base: "none", lg: "block" }}
            w={mini ? "72px" : "272px"}
            flexShrink={0}
            position="sticky"
            top="0"
            h="100vh"
            bg="bg.panel"
            color="fg"
            borderEndWidth={preferences.skin === "bordered" ? "1px" : undefined}
            boxShadow={preferences.skin === "bordered" ? undefined : "sm"}
          >
            {sidebar()}
          </Box>
        </Theme>
      )}
      <Flex direction="column" flex="1" minW="0">
        <Flex
          as="header"
          align="center"
          gap="2"
          px="4"
          h="14"
          position={preferences.navbarFixed ? "sticky" : "relative"}
          top="0"
          zIndex="sticky"
          m={preferences.skin === "modern" ? "2" : "0"}
          css={surface}
          borderRadius={preferences.skin === "modern" ? "xl" : "0"}
        >
          {!onboarding && (
            <IconButton
              variant="ghost"
              size="sm"
              aria-label={t("nav.openMenu")}
              display={{ base: "inline-flex", lg: "none" }}
              onClick={() => setMobileNavOpen(true)}
            >
              <LuMenu />
            </IconButton>
          )}
          {vertical && (
            <IconButton
              variant="ghost"
              size="sm"
              display={{ base: "none", lg: "inline-flex" }}
              aria-label={mini ? t("preferences.expandMenu") : t("preferences.collapseMenu")}
              onClick={() => update({ miniMenu: !mini })}
            >
              {mini ? <LuPanelLeftOpen /> : <LuPanelLeftClose />}
            </IconButton>
          )}
          {!vertical && <Brand title={title} mini={false} />}
          {!onboarding && (
            <Button
              variant="outline"
              size="sm"
              color="fg.muted"
              onClick={openSearch}
              aria-keyshortcuts="Control+K"
            >
              <LuSearch />
              {/* On a phone only the icon (the name stays for screen readers): with the label the bar is wider than the screen and cuts off the profile menu. */}
              <Box as="span" srOnly hideFrom="sm">
                {t("search.open")}
              </Box>
              <Box as="span" hideBelow="sm">
                {t("search.open")}
              </Box>
              <Kbd size="sm" display={{ base: "none", md: "inline-flex" }}>
                Ctrl K
              </Kbd>
            </Button>
          )}
          <Box flex="1" />
          <HStack gap="1">
            <ThemeSwitcher />
            <LanguageMenu />
            <PreferencesDrawer />
            {!onboarding && <LiveStatus />}
            <NotificationBell />
            {user && <ProfileMenu user={user} role={role} onLogout={handleLogout} />}
          </HStack>
        </Flex>
        {!vertical && !onboarding && (
          <Box display={{ base: "none", lg: "block" }}>
            <HStack px="4" py="2" gap="4" align="end" bg="bg.panel" borderBottomWidth="1px">
              <Box w="280px">
                <ConfigurationSelector isAdmin={role === "admin"} />
              </Box>
              <Box w="280px">
                <SelectedQuota />
              </Box>
            </HStack>
            <HorizontalNav entries={entries} />
          </Box>
        )}
        <Box as="main" id="main-content" tabIndex={-1} flex="1" p={{ base: "4", md: "6" }} outline="none">
          <Suspense fallback={<ContentFallback />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>

      <Drawer.Root
        open={mobileNavOpen}
        onOpenChange={(details) => setMobileNavOpen(details.open)}
        placement="start"
        // Not the configuration field (the first focusable), which would open a phone's keyboard over the menu.
        initialFocusEl={() => mobileNavClose.current}
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title>{t("nav.label")}</Drawer.Title>
              </Drawer.Header>
              <Drawer.Body p="0">
                <Stack>{sidebar(() => setMobileNavOpen(false), false)}</Stack>
                <Separator />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton ref={mobileNavClose} size="sm" aria-label={t("common.close")} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <SearchDialog open={searchOpen} onOpenChange={setSearchOpen} role={user?.role} />
      {/* Opened afresh when onboarding finishes (a customer and showWizard false), not only at sign-in. */}
      {user && (
        <GettingStartedDialog key={`${user.customerId ?? ""}:${String(user.showWizard)}`} user={user} />
      )}
    </Flex>
  );
}
