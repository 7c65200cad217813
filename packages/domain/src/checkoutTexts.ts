import type { LanguageCode } from "./locale";
import { fillPlaceholders } from "./placeholders";
import type { Product } from "./products";

/**
 * The built-in checkout page's texts (the server renders it, outside the portals' translations), in the
 * customer's language. `{period}` and `{product}` are filled in; amounts are formatted for the language.
 */
export type CheckoutText =
  | "title"
  | "billed_to"
  | "description"
  | "one_month"
  | "one_year"
  | "annual_discount"
  | "vat"
  | "total"
  | "pay"
  | "cancel"
  | "paid"
  | "canceled"
  | "no_provider";

export const checkoutTexts: Record<LanguageCode, Record<CheckoutText, string>> = {
  en: {
    title: "Checkout",
    billed_to: "Billed to {name}",
    description: "Parley {product}, {period}",
    one_month: "one month",
    one_year: "one year",
    annual_discount: "Annual discount",
    vat: "VAT {percent} %",
    total: "Total",
    pay: "Pay {amount}",
    cancel: "Cancel",
    paid: "This checkout is paid.",
    canceled: "This checkout is canceled.",
    no_provider: "Built-in checkout: no payment provider is configured, so no money is charged.",
  },
  nl: {
    title: "Afrekenen",
    billed_to: "Gefactureerd aan {name}",
    description: "Parley {product}, {period}",
    one_month: "één maand",
    one_year: "één jaar",
    annual_discount: "Jaarkorting",
    vat: "Btw {percent} %",
    total: "Totaal",
    pay: "Betaal {amount}",
    cancel: "Annuleren",
    paid: "Deze betaling is voldaan.",
    canceled: "Deze betaling is geannuleerd.",
    no_provider: "Ingebouwde betaalpagina: er is geen betaalprovider ingesteld, dus er wordt geen geld afgeschreven.",
  },
  de: {
    title: "Bezahlen",
    billed_to: "Rechnung an {name}",
    description: "Parley {product}, {period}",
    one_month: "ein Monat",
    one_year: "ein Jahr",
    annual_discount: "Jahresrabatt",
    vat: "MwSt. {percent} %",
    total: "Gesamt",
    pay: "{amount} bezahlen",
    cancel: "Abbrechen",
    paid: "Diese Zahlung ist abgeschlossen.",
    canceled: "Diese Zahlung wurde abgebrochen.",
    no_provider: "Eingebaute Bezahlseite: Es ist kein Zahlungsanbieter eingerichtet, daher wird kein Geld abgebucht.",
  },
  es: {
    title: "Pago",
    billed_to: "Facturado a {name}",
    description: "Parley {product}, {period}",
    one_month: "un mes",
    one_year: "un año",
    annual_discount: "Descuento anual",
    vat: "IVA {percent} %",
    total: "Total",
    pay: "Pagar {amount}",
    cancel: "Cancelar",
    paid: "Este pago está completado.",
    canceled: "Este pago está cancelado.",
    no_provider: "Página de pago integrada: no hay ningún proveedor de pagos configurado, así que no se cobra nada.",
  },
  fr: {
    title: "Paiement",
    billed_to: "Facturé à {name}",
    description: "Parley {product}, {period}",
    one_month: "un mois",
    one_year: "un an",
    annual_discount: "Remise annuelle",
    vat: "TVA {percent} %",
    total: "Total",
    pay: "Payer {amount}",
    cancel: "Annuler",
    paid: "Ce paiement est effectué.",
    canceled: "Ce paiement est annulé.",
    no_provider: "Page de paiement intégrée : aucun prestataire de paiement n'est configuré, aucun montant n'est prélevé.",
  },
};

/** A checkout text with its `{placeholders}` filled in (values are not escaped: the caller escapes for HTML). */
export function checkoutText(language: LanguageCode, key: CheckoutText, values: Record<string, string> = {}): string {
  return fillPlaceholders(checkoutTexts[language][key], values);
}

/** The trial's name in each language; the paid products' names are the same in every language (the portals' `billing:products`). */
const trialNames: Record<LanguageCode, string> = { en: "Trial", nl: "Proefperiode", de: "Testphase", es: "Prueba", fr: "Essai" };

const paidProductNames: Record<Exclude<Product, "so_trial">, string> = {
  entry: "Entry",
  basic: "Basic",
  so_basic: "Basic",
  premium: "Premium",
  so_premium: "Premium",
  business: "Business",
  professional: "Professional",
  enterprise: "Enterprise",
};

/** A product as the customer reads it on a checkout page and an invoice ("Basic", never the code "so_basic"). */
export function productTitle(language: LanguageCode, product: Product): string {
  return product === "so_trial" ? trialNames[language] : paidProductNames[product];
}
