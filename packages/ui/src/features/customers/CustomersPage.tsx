import { Badge, Stack } from "@chakra-ui/react";
import { isAddressComplete } from "@parley/domain/address";
import { useMemo, useReducer, useState } from "react";
import { useTranslation } from "react-i18next";
import { openLeavingUnsavedChanges } from "../../forms/UnsavedChangesGuard";
import { DataTable, type DataColumn } from "../../lists/DataTable";
import { CellText, ListPage, RowTitle } from "../../lists/ListPage";
import { useRequestedRow } from "../../lists/useRequestedRow";
import { customerEditor, initialCustomerEditor } from "./editor";
import { CustomerForm } from "./CustomerForm";
import { useCustomers, type Customer } from "./hooks";

/**
 * The form takes the focus once it shows the customer opened or the new one: on a phone it sits below the
 * list, and a keyboard user's next keys would otherwise stay on the list.
 */
function focusCustomerForm(): void {
  setTimeout(() => document.getElementById("customer-form-title")?.focus(), 0);
}

/** Admins' customers: the list beside the form of the selected customer; `?id=` opens one (from a lead). */
export function CustomersPage() {
  const { t, i18n } = useTranslation(["customers", "lists", "pages"]);
  const customers = useCustomers();
  const [editor, dispatch] = useReducer(customerEditor, initialCustomerEditor);
  const [search, setSearch] = useState("");
  useRequestedRow(customers.data, (customer) => customer._id, (customer) => dispatch({ type: "select", customer }));

  const regionNames = useMemo(() => new Intl.DisplayNames([i18n.language], { type: "region" }), [i18n.language]);
  const columns: DataColumn<Customer>[] = [
    {
      id: "name",
      header: t("customers.fields.name"),
      sortValue: (customer) => customer.name,
      cell: (customer) => <RowTitle title={customer.name} detail={customer.companyName} onOpen={() => openLeavingUnsavedChanges(() => { dispatch({ type: "select", customer }); focusCustomerForm(); })} />,
    },
    {
      id: "contact",
      header: t("customers.list.contact"),
      wide: true,
      sortValue: (customer) => customer.contactPerson,
      cell: (customer) => (
        <Stack gap="0">
          <CellText text={customer.contactPerson} />
          <CellText text={customer.contactPersonEmail} fontSize="xs" color="fg.muted" />
        </Stack>
      ),
    },
    { id: "city", header: t("customers.fields.city"), wide: true, sortValue: (customer) => customer.city, cell: (customer) => <CellText text={customer.city} /> },
    {
      id: "country",
      header: t("customers.fields.country"),
      sortValue: (customer) => (customer.country ? regionNames.of(customer.country) : null),
      cell: (customer) => (customer.country ? regionNames.of(customer.country) : null),
    },
    {
      id: "address",
      header: t("customers.list.address"),
      sortValue: (customer) => isAddressComplete(customer),
      cell: (customer) =>
        isAddressComplete(customer) ? (
          <Badge colorPalette="green">{t("customers.address.completeShort")}</Badge>
        ) : (
          <Badge colorPalette="orange">{t("customers.address.incompleteShort")}</Badge>
        ),
    },
  ];

  return (
    <ListPage
      title={t("pages:titles.customers")}
      intro={t("customers.intro")}
      newLabel={t("customers.actions.new")}
      onNew={() => openLeavingUnsavedChanges(() => { dispatch({ type: "reset" }); focusCustomerForm(); })}
      editor={<CustomerForm editor={editor} dispatch={dispatch} />}
    >
      <DataTable
        label={t("pages:titles.customers")}
        query={customers}
        rowKey={(customer) => customer._id}
        columns={columns}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder={t("customers.list.search")}
        searchTexts={(customer) => [customer.name, customer.companyName, customer.contactPerson, customer.contactPersonEmail, customer.city]}
        initialSort={{ columnId: "name", direction: "asc" }}
        selectedKey={editor.selected._id}
        emptyText={t("customers.list.empty")}
      />
    </ListPage>
  );
}
