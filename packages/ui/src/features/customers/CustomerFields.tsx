import { Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { countries, interfaceLanguages } from "@parley/domain/locale";
import { customerMaxLengths } from "@parley/domain/validation/customer";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../forms/CheckboxField";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";

/**
 * A customer's fields in a Formik form of `CustomerFormValues`: company and contact, address, billing. The
 * admins' customer form and a customer's own profile page show the same fields.
 */
export function CustomerFields({ stripeCustomerId }: { stripeCustomerId?: string | null }) {
  const { t, i18n } = useTranslation("customers");
  const regionNames = new Intl.DisplayNames([i18n.language], { type: "region" });
  const countryOptions = countries.map((country) => ({ value: country.code, label: regionNames.of(country.code) ?? country.name }));
  const languageOptions = interfaceLanguages.map((language) => ({ value: language.code, label: language.name }));
  return (
    <>
      <Heading as="h3" size="sm">
        {t("customers.form.company")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="name" maxLength={customerMaxLengths.name} label={t("customers.fields.name")} required />
        <FormField name="companyName" maxLength={customerMaxLengths.companyName} label={t("customers.fields.companyName")} />
        <FormField name="contactPerson" maxLength={customerMaxLengths.contactPerson} label={t("customers.fields.contactPerson")} autoComplete="off" />
        <FormField name="contactPersonPhone" maxLength={customerMaxLengths.contactPersonPhone} label={t("customers.fields.contactPersonPhone")} type="tel" helperText={t("customers.form.phoneHelp")} />
        <FormField name="contactPersonEmail" maxLength={customerMaxLengths.contactPersonEmail} label={t("customers.fields.contactPersonEmail")} type="email" />
        <SelectField name="language" label={t("customers.fields.language")} placeholder={t("customers.form.choose")} options={languageOptions} />
      </SimpleGrid>
      <Heading as="h3" size="sm">
        {t("customers.form.address")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField name="street" maxLength={customerMaxLengths.street} label={t("customers.fields.street")} />
        {/* Inputs on one line when a label wraps ("House number" in a narrow form). */}
        <SimpleGrid columns={2} gap="4" alignItems="end">
          <FormField name="houseNumber" maxLength={customerMaxLengths.houseNumber} label={t("customers.fields.houseNumber")} />
          <FormField name="addition" maxLength={customerMaxLengths.addition} label={t("customers.fields.addition")} />
        </SimpleGrid>
        <FormField name="postalCode" maxLength={customerMaxLengths.postalCode} label={t("customers.fields.postalCode")} />
        <FormField name="city" maxLength={customerMaxLengths.city} label={t("customers.fields.city")} />
        <SelectField name="country" label={t("customers.fields.country")} placeholder={t("customers.form.choose")} options={countryOptions} />
        <FormField name="timezone" maxLength={customerMaxLengths.timezone} label={t("customers.fields.timezone")} placeholder="Europe/Amsterdam" />
      </SimpleGrid>
      <Heading as="h3" size="sm">
        {t("customers.form.billing")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
        <FormField name="taxId" maxLength={customerMaxLengths.taxId} label={t("customers.fields.taxId")} />
        <CheckboxField name="taxExempt" label={t("customers.fields.taxExempt")} />
      </SimpleGrid>
      {stripeCustomerId && (
        <Text fontSize="sm" color="fg.muted">
          {t("customers.fields.stripeCustomerId")}: {stripeCustomerId}
        </Text>
      )}
    </>
  );
}
