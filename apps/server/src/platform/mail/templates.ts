/**
 * E-mail texts in the five interface languages. Texts only: the durations they mention come from the
 * caller (the business rule lives in @parley/domain).
 */
import { defaultLanguage, isLanguageCode, type LanguageCode } from "@parley/domain/locale";
import { escapeHtml } from "../html";

export type MailLanguage = LanguageCode;

export function mailLanguage(language: string | null | undefined): MailLanguage {
  const short = (language ?? "").slice(0, 2).toLowerCase();
  return isLanguageCode(short) ? short : defaultLanguage;
}

interface Texts {
  otpSubject: string;
  otpIntro: (name: string) => string;
  otpBody: (minutes: number) => string;
  resetSubject: string;
  resetIntro: (name: string) => string;
  resetBody: (minutes: number) => string;
  resetAction: string;
  ignore: string;
}

const texts: Record<MailLanguage, Texts> = {
  en: {
    otpSubject: "Your Parley verification code",
    otpIntro: (name) => `Hello ${name},`,
    otpBody: (minutes) => `Use this code to finish creating your Parley account. It is valid for ${minutes} minutes.`,
    resetSubject: "Reset your Parley password",
    resetIntro: (name) => `Hello ${name},`,
    resetBody: (minutes) => `Open this link to choose a new password. It works once, for ${minutes} minutes.`,
    resetAction: "Choose a new password",
    ignore: "If you did not ask for this, you can ignore this e-mail.",
  },
  nl: {
    otpSubject: "Je Parley-verificatiecode",
    otpIntro: (name) => `Hallo ${name},`,
    otpBody: (minutes) => `Gebruik deze code om je Parley-account aan te maken. De code is ${minutes} minuten geldig.`,
    resetSubject: "Stel je Parley-wachtwoord opnieuw in",
    resetIntro: (name) => `Hallo ${name},`,
    resetBody: (minutes) => `Open deze link om een nieuw wachtwoord te kiezen. Hij werkt één keer, ${minutes} minuten lang.`,
    resetAction: "Kies een nieuw wachtwoord",
    ignore: "Heb je hier niet om gevraagd, dan kun je deze e-mail negeren.",
  },
  de: {
    otpSubject: "Ihr Parley-Bestätigungscode",
    otpIntro: (name) => `Hallo ${name},`,
    otpBody: (minutes) => `Mit diesem Code schließen Sie die Erstellung Ihres Parley-Kontos ab. Er ist ${minutes} Minuten gültig.`,
    resetSubject: "Parley-Passwort zurücksetzen",
    resetIntro: (name) => `Hallo ${name},`,
    resetBody: (minutes) => `Öffnen Sie diesen Link, um ein neues Passwort zu wählen. Er funktioniert einmal, ${minutes} Minuten lang.`,
    resetAction: "Neues Passwort wählen",
    ignore: "Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.",
  },
  es: {
    otpSubject: "Tu código de verificación de Parley",
    otpIntro: (name) => `Hola ${name}:`,
    otpBody: (minutes) => `Usa este código para terminar de crear tu cuenta de Parley. Es válido durante ${minutes} minutos.`,
    resetSubject: "Restablece tu contraseña de Parley",
    resetIntro: (name) => `Hola ${name}:`,
    resetBody: (minutes) => `Abre este enlace para elegir una nueva contraseña. Funciona una vez, durante ${minutes} minutos.`,
    resetAction: "Elegir una nueva contraseña",
    ignore: "Si no lo has solicitado, puedes ignorar este correo.",
  },
  fr: {
    otpSubject: "Votre code de vérification Parley",
    otpIntro: (name) => `Bonjour ${name},`,
    otpBody: (minutes) => `Utilisez ce code pour terminer la création de votre compte Parley. Il est valable ${minutes} minutes.`,
    resetSubject: "Réinitialisez votre mot de passe Parley",
    resetIntro: (name) => `Bonjour ${name},`,
    resetBody: (minutes) => `Ouvrez ce lien pour choisir un nouveau mot de passe. Il fonctionne une fois, pendant ${minutes} minutes.`,
    resetAction: "Choisir un nouveau mot de passe",
    ignore: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.",
  },
};

export function oneTimeCodeMail(language: string, name: string, code: string, validMinutes: number) {
  const t = texts[mailLanguage(language)];
  return {
    subject: t.otpSubject,
    text: `${t.otpIntro(name)}\n\n${t.otpBody(validMinutes)}\n\n${code}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.otpIntro(name))}</p><p>${escapeHtml(t.otpBody(validMinutes))}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${code}</p><p>${escapeHtml(t.ignore)}</p>`,
  };
}

export function passwordResetMail(language: string, name: string, link: string, validMinutes: number) {
  const t = texts[mailLanguage(language)];
  return {
    subject: t.resetSubject,
    text: `${t.resetIntro(name)}\n\n${t.resetBody(validMinutes)}\n\n${link}\n\n${t.ignore}\n`,
    html: `<p>${escapeHtml(t.resetIntro(name))}</p><p>${escapeHtml(t.resetBody(validMinutes))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.resetAction)}</a></p><p>${escapeHtml(t.ignore)}</p>`,
  };
}

export interface PremiumContactMailInput {
  name: string;
  email: string;
  customer: string | null;
  product: string | null;
  features: readonly string[];
  otherFeature: string | null;
  message: string | null;
}

/** To the provider's staff, in English (the staff's working language): who asks about which premium features. */
export function premiumContactMail(input: PremiumContactMailInput) {
  const lines: [string, string][] = [
    ["From", `${input.name} <${input.email}>`],
    ["Customer", input.customer ?? "(none yet)"],
    ...(input.product ? ([["Product page", input.product]] as [string, string][]) : []),
    ["Features", input.features.length > 0 ? input.features.join(", ") : "(none chosen)"],
    ["Other feature", input.otherFeature ?? "(none)"],
  ];
  const message = input.message ?? "(no message)";
  const subject = `Premium features request from ${input.customer ?? input.name}`.replace(/[\r\n]+/g, " ").slice(0, 200);
  return {
    subject,
    text: `${lines.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\nMessage:\n${message}\n`,
    html:
      `<table>${lines.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("")}</table>` +
      `<p><strong>Message</strong></p><p style="white-space:pre-wrap">${escapeHtml(message)}</p>`,
  };
}

export interface InvoiceMailInput {
  name: string;
  number: string;
  description: string;
  /** The total, formatted in the mail's language (`formatAmount`). */
  total: string;
  /** Where the customer reads and prints the invoice (the portal's invoices screen). */
  link: string;
}

const invoiceTexts: Record<MailLanguage, { subject: (number: string) => string; intro: (name: string) => string; body: string; total: string; action: string }> = {
  en: {
    subject: (number) => `Your Parley invoice ${number}`,
    intro: (name) => `Hello ${name},`,
    body: "Thank you for your payment. Your invoice is ready:",
    total: "Total paid",
    action: "View your invoices",
  },
  nl: {
    subject: (number) => `Je Parley-factuur ${number}`,
    intro: (name) => `Hallo ${name},`,
    body: "Bedankt voor je betaling. Je factuur staat klaar:",
    total: "Totaal betaald",
    action: "Bekijk je facturen",
  },
  de: {
    subject: (number) => `Ihre Parley-Rechnung ${number}`,
    intro: (name) => `Hallo ${name},`,
    body: "Vielen Dank für Ihre Zahlung. Ihre Rechnung ist bereit:",
    total: "Bezahlter Gesamtbetrag",
    action: "Rechnungen ansehen",
  },
  es: {
    subject: (number) => `Tu factura de Parley ${number}`,
    intro: (name) => `Hola ${name}:`,
    body: "Gracias por tu pago. Tu factura está lista:",
    total: "Total pagado",
    action: "Ver tus facturas",
  },
  fr: {
    subject: (number) => `Votre facture Parley ${number}`,
    intro: (name) => `Bonjour ${name},`,
    body: "Merci pour votre paiement. Votre facture est prête :",
    total: "Total payé",
    action: "Voir vos factures",
  },
};

/** To the customer when a payment is invoiced, in the customer's language. */
export function invoiceMail(language: string, input: InvoiceMailInput) {
  const t = invoiceTexts[mailLanguage(language)];
  const lines = `${input.number} — ${input.description}\n${t.total}: ${input.total}`;
  return {
    subject: t.subject(input.number).replace(/[\r\n]+/g, " "),
    text: `${t.intro(input.name)}\n\n${t.body}\n\n${lines}\n\n${t.action}: ${input.link}\n`,
    html:
      `<p>${escapeHtml(t.intro(input.name))}</p><p>${escapeHtml(t.body)}</p>` +
      `<p><strong>${escapeHtml(input.number)}</strong> — ${escapeHtml(input.description)}<br>${escapeHtml(t.total)}: ${escapeHtml(input.total)}</p>` +
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(t.action)}</a></p>`,
  };
}
