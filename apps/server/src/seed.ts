import { newConfigurationDefaults } from "@parley/domain";
import type { Db } from "./platform/db/db";
import { queryOne } from "./platform/db/db";
import { hashPassword } from "./platform/auth/passwords";
import { insertCustomer } from "./modules/customers/repository";
import { insertConfiguration } from "./modules/configurations/repository";
import { saveDataset } from "./modules/datasets/repository";
import { insertUser } from "./modules/users/repository";
import { systemScope } from "./modules/tenancy";

export const demoPassword = "Demo!2345";
export const demoAccounts = [
  { email: "admin@demo.test", role: "admin", what: "admin (provider staff)" },
  { email: "customer@demo.test", role: "customer", what: 'customer of "Demo Webshop" with one configuration' },
  { email: "onboarding@demo.test", role: "customer_so", what: "self-onboarding customer, before onboarding" },
] as const;

const faqHeaders = [
  { text: "Question", value: "question" },
  { text: "Answer", value: "answer" },
];

const faq = [
  // The question a new visitor asks first, in two common phrasings (FAQs often give a row more than one).
  ["How long does delivery (shipping) take? When will my order arrive?", "Orders placed before 17:00 on a working day ship the same day and usually arrive the next working day."],
  ["How much does shipping cost?", "Shipping is free from 50 euro; below that it costs 4.95 euro within the Netherlands and Belgium."],
  ["Can I return an item?", "Yes, you can return any unused item within 30 days. Start a return from your account page."],
  ["When do I get my money back?", "We refund within 5 working days after we receive your return, to the payment method you used."],
  ["Which payment methods do you accept?", "iDEAL, Bancontact, credit card, PayPal and bank transfer."],
  ["Do you ship abroad?", "We ship to the Netherlands, Belgium, Germany, Luxembourg and France."],
  ["How can I track my parcel?", "You receive a tracking link by e-mail as soon as your parcel leaves our warehouse."],
  ["How do I reach customer service?", "Chat with us here, or e-mail support@demo.test. We answer on working days from 9:00 to 17:00."],
  // The same answers for Dutch visitors: with language detection on, a Dutch question is matched against
  // these and answered in Dutch even without an AI provider.
  ["Hoe lang duurt de bezorging? Wanneer wordt mijn bestelling bezorgd?", "Bestellingen die vóór 17:00 op een werkdag zijn geplaatst, worden dezelfde dag verzonden en komen meestal de volgende werkdag aan."],
  ["Wat kost de verzending?", "Verzending is gratis vanaf 50 euro; daaronder kost het 4,95 euro binnen Nederland en België."],
  ["Kan ik een artikel retourneren?", "Ja, je kunt elk ongebruikt artikel binnen 30 dagen retourneren. Start een retour vanaf je accountpagina."],
  ["Wanneer krijg ik mijn geld terug?", "We betalen binnen 5 werkdagen nadat we je retour hebben ontvangen terug, via de betaalmethode die je hebt gebruikt."],
  ["Welke betaalmethoden accepteren jullie?", "iDEAL, Bancontact, creditcard, PayPal en bankoverschrijving."],
  ["Versturen jullie ook naar het buitenland?", "We versturen naar Nederland, België, Duitsland, Luxemburg en Frankrijk."],
  ["Hoe kan ik mijn pakket volgen?", "Je ontvangt een track-and-trace-link per e-mail zodra je pakket ons magazijn verlaat."],
  ["Hoe bereik ik de klantenservice?", "Chat hier met ons, of mail naar support@demo.test. We antwoorden op werkdagen van 9:00 tot 17:00."],
].map(([question, answer]) => ({ question: question!, answer: answer! }));

/** True when the database has no user yet (a fresh embedded database). */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await queryOne<{ found: boolean }>(db, "SELECT EXISTS (SELECT 1 FROM users) AS found");
  return row?.found !== true;
}

/**
 * The demo data of the quick start: an admin, a customer user with the customer "Demo Webshop" and one
 * configuration holding a small FAQ dataset, and a self-onboarding user without customer. All share the
 * password `Demo!2345`. Skips accounts that already exist, so running it twice is harmless.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<{ created: string[] }> {
  const passwordHash = await hashPassword(demoPassword);
  return db.transaction(async (tx) => {
    const created: string[] = [];
    const exists = async (email: string) =>
      (await queryOne(tx, "SELECT 1 FROM users WHERE lower(email) = lower($1)", [email])) !== undefined;

    if (!(await exists("admin@demo.test"))) {
      await insertUser(tx, {
        customerId: null,
        email: "admin@demo.test",
        username: "admin@demo.test",
        firstname: "Ada",
        lastname: "Admin",
        passwordHash,
        role: "admin",
        language: "en",
      });
      created.push("admin@demo.test");
    }

    if (!(await exists("customer@demo.test"))) {
      const customer = await insertCustomer(tx, {
        name: "Demo Webshop",
        companyName: "Demo Webshop B.V.",
        contactPerson: "Chris Customer",
        contactPersonEmail: "customer@demo.test",
        contactPersonPhone: "+31 20 123 4567",
        street: "Keizersgracht",
        houseNumber: "100",
        postalCode: "1015 AA",
        city: "Amsterdam",
        country: "NL",
        language: "en",
        timezone: "Europe/Amsterdam",
      });
      await insertUser(tx, {
        customerId: customer._id,
        email: "customer@demo.test",
        username: "customer@demo.test",
        firstname: "Chris",
        lastname: "Customer",
        passwordHash,
        role: "customer",
        language: "en",
      });
      const { product, name, customerId, message_limit, remaining_messages, usage_reset_date, ...settings } =
        newConfigurationDefaults({ selfOnboarding: false, now, name: "demo-webshop", customerId: customer._id });
      const configuration = await insertConfiguration(tx, {
        customer_id: customerId,
        name,
        product,
        message_limit,
        remaining_messages,
        usage_reset_date,
        settings: {
          ...settings,
          language: "en",
          use_lang_detect: true,
          include_manual_dataset: true,
          entity_instruction: "You are the friendly assistant of Demo Webshop.",
          goal_instruction: "Help visitors with questions about orders, shipping, returns and payment.",
        },
      });
      await saveDataset(tx, systemScope, configuration.id, "FAQ", faq, faqHeaders);
      created.push("customer@demo.test");
    }

    if (!(await exists("onboarding@demo.test"))) {
      await insertUser(tx, {
        customerId: null,
        email: "onboarding@demo.test",
        username: "onboarding@demo.test",
        firstname: "Olivia",
        lastname: "Onboarding",
        passwordHash,
        role: "customer_so",
        showWizard: true,
        language: "en",
      });
      created.push("onboarding@demo.test");
    }
    return { created };
  });
}
