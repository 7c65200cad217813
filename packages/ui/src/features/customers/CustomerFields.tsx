import { Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { countries, interfaceLanguages } from "@parley/domain/locale";
import { customerMaxLengths } from "@parley/domain/validation/customer";
import { useField } from "formik";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "../../forms/CheckboxField";
import { FormField } from "../../forms/FormField";
import { SelectField } from "../../forms/SelectField";
import { useSessionUser } from "../../shell/useSessionUser";

/**
 * A customer's fields in a Formik form of `CustomerFormValues`: company and contact, address, billing. The
 * admins' customer form and a customer's own profile page show the same fields.
 */
export function CustomerFields({ stripeCustomerId }: { stripeCustomerId?: string | null }) {
  const { t, i18n } = useTranslation("customers");
  const regionNames = new Intl.DisplayNames([i18n.language], { type: "region" });
  const countryOptions = countries.map((country) => ({ value: country.code, label: regionNames.of(country.code) ?? country.name }));
  const languageOptions = interfaceLanguages.map((language) => ({ value: language.code, label: language.name }));
  // The tax exemption is the provider's to grant (the server keeps it as stored in a customer's own save).
  const isAdmin = useSessionUser()?.role === "admin";
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
        {/* Side by side where both labels fit ("Huisnummer", "Toevoeging" need 9rem each), else one under the other; inputs on one line when a label wraps. */}
        <SimpleGrid minChildWidth="9rem" gap="4" alignItems="end">
          <FormField name="houseNumber" maxLength={customerMaxLengths.houseNumber} label={t("customers.fields.houseNumber")} />
          <FormField name="addition" maxLength={customerMaxLengths.addition} label={t("customers.fields.addition")} />
        </SimpleGrid>
        <FormField name="postalCode" maxLength={customerMaxLengths.postalCode} label={t("customers.fields.postalCode")} />
        <FormField name="city" maxLength={customerMaxLengths.city} label={t("customers.fields.city")} />
        <SelectField name="country" label={t("customers.fields.country")} placeholder={t("customers.form.choose")} options={countryOptions} />
        <TimeZoneField label={t("customers.fields.timezone")} placeholder={t("customers.form.choose")} />
      </SimpleGrid>
      <Heading as="h3" size="sm">
        {t("customers.form.billing")}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
        <FormField name="taxId" maxLength={customerMaxLengths.taxId} label={t("customers.fields.taxId")} />
        <CheckboxField name="taxExempt" label={t("customers.fields.taxExempt")} disabled={!isAdmin} helperText={isAdmin ? undefined : t("customers.form.taxExemptByProvider")} />
      </SimpleGrid>
      {stripeCustomerId && (
        <Text fontSize="sm" color="fg.muted">
          {t("customers.fields.stripeCustomerId")}: {stripeCustomerId}
        </Text>
      )}
    </>
  );
}

/** "Europe/Amsterdam (UTC+01:00)": the zone's name as the IANA database gives it, with its offset now. */
function timeZoneLabel(zone: string, language: string): string {
  try {
    const offset = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date()).find((part) => part.type === "timeZoneName")?.value;
    return offset ? `${zone.replaceAll("_", " ")} (${offset.replace(/^GMT$/, "GMT+00:00").replace("GMT", "UTC")})` : zone;
  } catch {
    return zone;
  }
}

/**
 * The customer's time zone, chosen from the zones the browser knows (IANA names, as the server stores them);
 * a stored name that is not among them stays choosable, so that opening and saving the form changes nothing.
 */
function TimeZoneField({ label, placeholder }: { label: string; placeholder: string }) {
  const { i18n } = useTranslation();
  const [{ value }] = useField<string | null>("timezone");
  const zones = useMemo(
    () => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []).map((zone) => ({ value: zone, label: timeZoneLabel(zone, i18n.language) })),
    [i18n.language],
  );
  const options = value && !zones.some((zone) => zone.value === value) ? [{ value, label: value }, ...zones] : zones;
  return <SelectField name="timezone" label={label} placeholder={placeholder} options={options} />;
}
