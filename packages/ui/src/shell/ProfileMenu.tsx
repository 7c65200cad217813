import { Avatar, Box, Button, Circle, Float, Menu, Portal, Text, VisuallyHidden } from "@chakra-ui/react";
import { routes, showsCustomerMenu, subscriptionRouteFor, type Role } from "@parley/domain/roles";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuCreditCard, LuKeyRound, LuLogOut, LuReceipt, LuUser } from "react-icons/lu";
import { useNavigate } from "react-router-dom";
import { useFetchCustomer, useSetAvailability } from "./hooks";
import { isAddressComplete } from "@parley/domain/address";
import { fullName, type SessionUser } from "../session/session";
import { showFailureToast, showToast } from "./toasts";

// Loaded when first opened: its form rules (yup) would otherwise weigh on every signed-in page's first load.
const ChangePasswordDialog = lazy(() => import("./ChangePasswordDialog").then((module) => ({ default: module.ChangePasswordDialog })));

export const availabilityStorageKey = "parley.agentAvailable";
/** Set when the profile must be completed first; the profile page continues to the subscription. */
export const continueToSubscriptionKey = "parley.continueToSubscription";

export interface ProfileMenuProps {
  user: SessionUser;
  role: Role;
  onLogout: () => void;
  onAvailabilityChange?: (available: boolean) => void;
}

/** Full name and username; availability, profile, subscription and invoices for customer roles; logout. */
export function ProfileMenu({ user, role, onLogout, onAvailabilityChange }: ProfileMenuProps) {
  const { t } = useTranslation("shell");
  const navigate = useNavigate();
  const fetchCustomer = useFetchCustomer();
  const setAvailability = useSetAvailability();
  const [available, setAvailable] = useState(() => localStorage.getItem(availabilityStorageKey) !== "false");
  const [changingPassword, setChangingPassword] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const name = fullName(user);
  const customerMenu = showsCustomerMenu(role);

  const handleAvailability = (next: boolean) => {
    setAvailable(next);
    localStorage.setItem(availabilityStorageKey, String(next));
    onAvailabilityChange?.(next);
    setAvailability.mutate(next);
  };

  const handleSubscription = async () => {
    if (!user.customerId) {
      navigate(subscriptionRouteFor(role));
      return;
    }
    try {
      const { data: customer } = await fetchCustomer.mutateAsync(user.customerId);
      if (!isAddressComplete(customer)) {
        sessionStorage.setItem(continueToSubscriptionKey, "1");
        void showToast((t) => ({ type: "info", title: t("messages:errors.customer_details_incomplete") }));
        navigate(routes.customerProfile);
        return;
      }
      navigate(subscriptionRouteFor(role));
    } catch (error) {
      void showFailureToast(error, "messages:errors.an_error_occurred");
    }
  };

  return (
    <>
      <Menu.Root
        onSelect={(details) => {
          // After the menu has closed and handed the focus back to its button, so the dialog's focus stays.
          if (details.value === "change-password") setTimeout(() => setChangingPassword(true));
          if (details.value === "profile") navigate(routes.customerProfile);
          if (details.value === "subscription") void handleSubscription();
          if (details.value === "invoices") navigate("/subscription/invoices");
          if (details.value === "logout") onLogout();
        }}
      >
        <Menu.Trigger asChild>
          <Button
            ref={triggerRef}
            variant="ghost"
            size="sm"
            px="1"
            title={customerMenu ? t(available ? "profile.available" : "profile.away") : undefined}
          >
            <VisuallyHidden>{t("profile.menu")}</VisuallyHidden>
            <Avatar.Root size="xs" aria-hidden>
              <Avatar.Fallback name={name} />
              {user.avatar && <Avatar.Image src={user.avatar} alt="" />}
              {/* The agent's availability at a glance: away is easy to forget once chosen in the menu. */}
              {customerMenu && (
                <Float placement="bottom-end" offsetX="1" offsetY="1">
                  <Circle
                    size="2.5"
                    bg={available ? "green.solid" : "orange.solid"}
                    borderWidth="2px"
                    borderColor="bg"
                    data-availability={available ? "available" : "away"}
                  />
                </Float>
              )}
            </Avatar.Root>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="15rem">
              <Box px="2" py="1.5">
                <Text fontWeight="semibold" data-testid="profile-full-name">
                  {name}
                </Text>
                <Text fontSize="sm" color="fg.muted" data-testid="profile-username">
                  {user.username ?? user.email}
                </Text>
              </Box>
              {customerMenu && (
                <>
                  <Menu.Separator />
                  <Menu.RadioItemGroup
                    value={available ? "available" : "away"}
                    onValueChange={(details) => handleAvailability(details.value === "available")}
                  >
                    <Menu.ItemGroupLabel>{t("profile.availability")}</Menu.ItemGroupLabel>
                    <Menu.RadioItem value="available">
                      <Box boxSize="2" borderRadius="full" bg="green.solid" aria-hidden />
                      <Box flex="1">{t("profile.available")}</Box>
                      <Menu.ItemIndicator />
                    </Menu.RadioItem>
                    <Menu.RadioItem value="away">
                      <Box boxSize="2" borderRadius="full" bg="orange.solid" aria-hidden />
                      <Box flex="1">{t("profile.away")}</Box>
                      <Menu.ItemIndicator />
                    </Menu.RadioItem>
                  </Menu.RadioItemGroup>
                  <Menu.Separator />
                  <Menu.Item value="profile">
                    <LuUser /> {t("profile.profile")}
                  </Menu.Item>
                  <Menu.Item value="subscription">
                    <LuCreditCard /> {t("profile.subscription")}
                  </Menu.Item>
                  <Menu.Item value="invoices">
                    <LuReceipt /> {t("profile.invoices")}
                  </Menu.Item>
                </>
              )}
              <Menu.Separator />
              <Menu.Item value="change-password">
                <LuKeyRound /> {t("profile.changePassword")}
              </Menu.Item>
              <Menu.Item value="logout">
                <LuLogOut /> {t("profile.logout")}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setChangingPassword(false)} returnFocusTo={() => triggerRef.current} />
        </Suspense>
      )}
    </>
  );
}
