import { Badge, Button, Grid, HStack, Heading, Link, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LuPlus } from "react-icons/lu";
import { useSearchParams } from "react-router-dom";
import { DataTable, type DataColumn } from "../../lists/DataTable";
import { useCustomers } from "../customers/hooks";
import { UserForm } from "./UserForm";
import { useUsers, type UserListEntry } from "./hooks";

const fullName = (user: UserListEntry) => `${user.firstname} ${user.lastname}`.trim();

/** Admins' users: the list beside the form of the selected user; `?id=` opens one (from a lead). */
export function UsersPage() {
  const { t } = useTranslation(["users", "lists", "pages"]);
  const users = useUsers();
  const customers = useCustomers();
  const [selected, setSelected] = useState<UserListEntry | null>(null);
  const [revision, setRevision] = useState(0);
  const [search, setSearch] = useState("");
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedId = searchParams.get("id");

  const edit = (user: UserListEntry | null) => {
    setSelected(user);
    setRevision((value) => value + 1);
  };

  useEffect(() => {
    const requested = requestedId ? users.data?.find((user) => user.id === requestedId) : undefined;
    if (requested) {
      setSelected(requested);
      setSearchParams({}, { replace: true });
    }
  }, [requestedId, users.data, setSearchParams]);

  const columns: DataColumn<UserListEntry>[] = [
    {
      id: "name",
      header: t("users.list.name"),
      sortValue: fullName,
      cell: (user) => (
        <Stack gap="0">
          <Link asChild fontWeight="medium" color="colorPalette.fg">
            <button type="button" onClick={() => edit(user)}>
              {fullName(user)}
            </button>
          </Link>
          <Text fontSize="xs" color="fg.muted">
            {user.email}
          </Text>
        </Stack>
      ),
    },
    { id: "customer", header: t("users.fields.customer"), sortValue: (user) => user.customerName, cell: (user) => user.customerName ?? "—" },
    { id: "role", header: t("users.fields.role"), wide: true, sortValue: (user) => t(`users.roles.${user.role}`), cell: (user) => t(`users.roles.${user.role}`) },
    {
      id: "status",
      header: t("users.fields.status"),
      sortValue: (user) => user.status,
      cell: (user) => (
        <HStack gap="1" wrap="wrap">
          <Badge colorPalette={user.status === "active" ? "green" : "gray"}>{t(`users.statuses.${user.status}`)}</Badge>
          {user.forceRefreshPassword && <Badge colorPalette="orange">{t("users.list.mustRenewPassword")}</Badge>}
        </HStack>
      ),
    },
  ];

  return (
    <Stack gap="6">
      <Stack direction={{ base: "column", sm: "row" }} justify="space-between" align={{ sm: "end" }} gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t("pages:titles.users")}
          </Heading>
          <Text color="fg.muted">{t("users.intro")}</Text>
        </Stack>
        <Button onClick={() => edit(null)}>
          <LuPlus aria-hidden />
          {t("users.actions.new")}
        </Button>
      </Stack>
      <Grid templateColumns={{ base: "1fr", xl: "minmax(0, 3fr) minmax(0, 2fr)" }} gap="6" alignItems="start">
        <DataTable
          label={t("pages:titles.users")}
          rows={users.data}
          rowKey={(user) => user.id}
          columns={columns}
          isLoading={users.isLoading}
          error={users.error}
          onRetry={() => void users.refetch()}
          search={search}
          onSearchChange={setSearch}
          searchPlaceholder={t("users.list.search")}
          searchTexts={(user) => [fullName(user), user.email, user.customerName, t(`users.roles.${user.role}`)]}
          initialSort={{ columnId: "name", direction: "asc" }}
          selectedKey={selected?.id}
          emptyText={t("users.list.empty")}
        />
        <UserForm user={selected} revision={revision} customers={customers.data} onSaved={edit} onCancel={() => setRevision((value) => value + 1)} />
      </Grid>
    </Stack>
  );
}
