import { Badge, Box, Collapsible, Flex, Icon, Menu, Portal, Text, chakra } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuChevronDown, LuChevronRight, LuLock } from "react-icons/lu";
import { NavLink as RouterNavLink, useLocation } from "react-router-dom";
import { activeGroupId, isLinkActive, type NavEntry, type NavGroup, type NavLink } from "../navigation/menu";
import { pageIcons } from "./icons";

const RouterLink = chakra(RouterNavLink);

/** A page that works on a configuration waits until one is selected. */
export function isBlocked(link: NavLink, hasConfiguration: boolean): boolean {
  return link.needsConfiguration && !hasConfiguration;
}

export interface NavMenuProps {
  entries: NavEntry[];
  mini?: boolean;
  hasConfiguration: boolean;
  liveCount?: number;
  onNavigate?: () => void;
}

function NavItem({
  entry,
  mini,
  nested,
  blocked,
  liveCount,
  onNavigate,
}: {
  entry: NavLink;
  mini: boolean;
  nested: boolean;
  blocked: boolean;
  liveCount: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const label = t(entry.labelKey);
  const ItemIcon = pageIcons[entry.icon];
  const common = {
    display: "flex",
    alignItems: "center",
    gap: "3",
    px: "3",
    py: "2",
    ps: nested && !mini ? "9" : "3",
    borderRadius: "md",
    fontSize: "sm",
    w: "full",
    // Inside the scrolling menu an outer ring would be clipped.
    _focusVisible: { outlineOffset: "-2px" },
  } as const;
  if (entry.disabled || blocked) {
    return (
      <Box
        {...common}
        color="fg.subtle"
        cursor="not-allowed"
        aria-disabled="true"
        title={blocked ? t("configuration.selectFirst") : t("nav.premiumDisabled")}
      >
        {!nested && <Icon as={ItemIcon} boxSize="4" />}
        {!mini && <Text flex="1">{label}</Text>}
        {!mini && <Icon as={LuLock} boxSize="3" aria-hidden />}
      </Box>
    );
  }
  const active = isLinkActive(entry, pathname);
  return (
    <RouterLink
      to={entry.to}
      end
      {...common}
      aria-label={mini ? label : undefined}
      title={mini ? label : undefined}
      aria-current={active ? "page" : undefined}
      bg={active ? "colorPalette.solid" : undefined}
      color={active ? "colorPalette.contrast" : "fg"}
      _hover={{ bg: active ? "colorPalette.solid" : "bg.muted" }}
      onClick={onNavigate}
    >
      {(!nested || mini) && <Icon as={ItemIcon} boxSize="4" />}
      {!mini && <Text flex="1">{label}</Text>}
      {!mini && entry.badge === "liveCount" && liveCount > 0 && (
        <Badge
          colorPalette="red"
          variant="solid"
          size="sm"
          aria-label={t("nav.liveCount", { count: liveCount })}
        >
          {liveCount}
        </Badge>
      )}
    </RouterLink>
  );
}

function NavGroupItem({
  group,
  mini,
  hasConfiguration,
  liveCount,
  onNavigate,
}: {
  group: NavGroup;
  mini: boolean;
  hasConfiguration: boolean;
  liveCount: number;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("shell");
  const { pathname } = useLocation();
  const active = activeGroupId([group], pathname) === group.id;
  const [open, setOpen] = useState(active || Boolean(group.highlighted));
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);
  const GroupIcon = pageIcons[group.icon];
  const label = t(group.labelKey);
  const highlight = group.highlighted
    ? { bg: "colorPalette.subtle", borderWidth: "1px", borderColor: "colorPalette.muted", borderRadius: "md" }
    : {};

  if (mini) {
    // A collapsed sidebar opens the group's links in a menu beside the icon.
    return (
      <Menu.Root positioning={{ placement: "right-start" }}>
        <Menu.Trigger asChild>
          <chakra.button
            type="button"
            aria-label={label}
            title={label}
            display="flex"
            justifyContent="center"
            w="full"
            py="2"
            borderRadius="md"
            bg={active ? "colorPalette.subtle" : undefined}
            color={active ? "colorPalette.fg" : "fg"}
            _hover={{ bg: "bg.muted" }}
            {...(group.highlighted ? { borderWidth: "1px", borderColor: "colorPalette.muted" } : {})}
          >
            <Icon as={GroupIcon} boxSize="4" />
          </chakra.button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{label}</Menu.ItemGroupLabel>
                {group.children.map((child) => (
                  <Menu.Item
                    key={child.to}
                    value={child.to}
                    asChild
                    disabled={child.disabled || isBlocked(child, hasConfiguration)}
                  >
                    {child.disabled || isBlocked(child, hasConfiguration) ? (
                      <span>{t(child.labelKey)}</span>
                    ) : (
                      <RouterNavLink to={child.to} onClick={onNavigate}>
                        {t(child.labelKey)}
                      </RouterNavLink>
                    )}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    );
  }

  return (
    <Collapsible.Root open={open} onOpenChange={(details) => setOpen(details.open)} {...highlight}>
      <Collapsible.Trigger asChild>
        <chakra.button
          type="button"
          display="flex"
          alignItems="center"
          gap="3"
          px="3"
          py="2"
          w="full"
          fontSize="sm"
          borderRadius="md"
          fontWeight={active || group.highlighted ? "semibold" : "normal"}
          bg={active ? "colorPalette.subtle" : undefined}
          color={active || group.highlighted ? "colorPalette.fg" : "fg"}
          _hover={{ bg: active ? "colorPalette.subtle" : "bg.muted" }}
          data-active={active ? "" : undefined}
          _focusVisible={{ outlineOffset: "-2px" }}
        >
          <Icon as={GroupIcon} boxSize="4" />
          <Text flex="1" textAlign="start">
            {label}
          </Text>
          <Icon as={open ? LuChevronDown : LuChevronRight} boxSize="4" aria-hidden />
        </chakra.button>
      </Collapsible.Trigger>
      <Collapsible.Content>
        <Flex direction="column" gap="0.5" py="1" as="ul" listStyleType="none">
          {group.children.map((child) => (
            <li key={child.to}>
              <NavItem
                entry={child}
                mini={false}
                nested
                blocked={isBlocked(child, hasConfiguration)}
                liveCount={liveCount}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </Flex>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}

/** The sidebar's navigation: translated entries, nested groups, active link and group highlighted. */
export function NavMenu({
  entries,
  mini = false,
  hasConfiguration,
  liveCount = 0,
  onNavigate,
}: NavMenuProps) {
  const { t } = useTranslation("shell");
  return (
    <chakra.nav aria-label={t("nav.label")}>
      <Flex as="ul" direction="column" gap="1" listStyleType="none">
        {entries.map((entry) => (
          <li key={entry.kind === "group" ? entry.id : entry.to}>
            {entry.kind === "group" ? (
              <NavGroupItem
                group={entry}
                mini={mini}
                hasConfiguration={hasConfiguration}
                liveCount={liveCount}
                onNavigate={onNavigate}
              />
            ) : (
              <NavItem
                entry={entry}
                mini={mini}
                nested={false}
                blocked={isBlocked(entry, hasConfiguration)}
                liveCount={liveCount}
                onNavigate={onNavigate}
              />
            )}
          </li>
        ))}
      </Flex>
    </chakra.nav>
  );
}
