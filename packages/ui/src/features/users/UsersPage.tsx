import { Badge, HStack } from "@chakra-ui/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { openLeavingUnsavedChanges } from "../../forms/UnsavedChangesGuard";
import { DataTable, type DataColumn } from "../../lists/DataTable";
import { CellText, ListPage, RowTitle } from "../../lists/ListPage";
import { useRequestedRow } from "../../lists/useRequestedRow";
import { useCustomers } from "../customers/hooks";
import { UserForm } from "./UserForm";
import { useUsers, type UserListEntry } from "./hooks";

const fullName = (user: UserListEntry) => `${user.firstname} ${user.lastname}`.trim();

/**
 * The form takes the focus once it shows the user opened or the new one: on a phone it sits below the
 * list, and a keyboard user's next keys would otherwise stay on the list.
 */
function focusUserForm(): void {
  setTimeout(() => document.getElementById("user-form-title")?.focus(), 0);
}

/** Admins' users: the list beside the form of the selected user; `?id=` opens one (from a lead). */
export function UsersPage() {
  const { t } = useTranslation(["users", "lists", "pages"]);
  const users = useUsers();
  const customers = useCustomers();
  const [selected, setSelected] = useState<UserListEntry | null>(null);
  const [revision, setRevision] = useState(0);
  const [search, setSearch] = useState("");
  const edit = (user: UserListEntry | null) => {
    setSelected(user);
    setRevision((value) => value + 1);
  };
  useRequestedRow(users.data, (user) => user.id, edit);

  const columns: DataColumn<UserListEntry>[] = [
    {
      id: "name",
      header: t("users.list.name"),
      sortValue: fullName,
      cell: (user) => (
        <>
          <RowTitle title={fullName(user)} detail={user.email} onOpen={() => openLeavingUnsavedChanges(() => { edit(user); focusUserForm(); })} />
          {/* A phone has no room for the customer's column: the customer shows under the name there. */}
          <CellText text={user.customerName} hideFrom="md" fontSize="xs" color="fg.muted" data-testid="user-customer-narrow" />
        </>
      ),
    },
    { id: "customer", header: t("users.fields.customer"), wide: true, sortValue: (user) => user.customerName, cell: (user) => <CellText text={user.customerName ?? "—"} /> },
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
    <ListPage
      title={t("pages:titles.users")}
      intro={t("users.intro")}
      newLabel={t("users.actions.new")}
      onNew={() => openLeavingUnsavedChanges(() => { edit(null); focusUserForm(); })}
      editor={<UserForm user={selected} revision={revision} customers={customers.data} onSaved={edit} onCancel={() => setRevision((value) => value + 1)} />}
    >
      <DataTable
        label={t("pages:titles.users")}
        query={users}
        rowKey={(user) => user.id}
        columns={columns}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder={t("users.list.search")}
        searchTexts={(user) => [fullName(user), user.email, user.customerName, t(`users.roles.${user.role}`)]}
        initialSort={{ columnId: "name", direction: "asc" }}
        selectedKey={selected?.id}
        emptyText={t("users.list.empty")}
      />
    </ListPage>
  );
}
