/**
 * Products and their monthly message limits (spec 02 §9). A limit of 0 means unlimited.
 */

export const unlimitedMessages = 0;

export const products = {
  entry: { messageLimit: 50 },
  so_trial: { messageLimit: 200 },
  basic: { messageLimit: 500 },
  so_basic: { messageLimit: 500 },
  premium: { messageLimit: 1000 },
  so_premium: { messageLimit: 1000 },
  business: { messageLimit: 2500 },
  professional: { messageLimit: 5000 },
  enterprise: { messageLimit: unlimitedMessages },
} as const satisfies Record<string, { messageLimit: number }>;

export type Product = keyof typeof products;

export const productNames = Object.keys(products) as Product[];

export function isProduct(value: unknown): value is Product {
  return typeof value === "string" && Object.hasOwn(products, value);
}

export function messageLimitFor(product: Product): number {
  return products[product].messageLimit;
}

/** True for a product, or a message limit, without a cap. */
export function isUnlimited(productOrLimit: Product | number): boolean {
  const limit = typeof productOrLimit === "number" ? productOrLimit : messageLimitFor(productOrLimit);
  return limit === unlimitedMessages;
}

/** The product a configuration created by self-onboarding starts on. */
export const selfOnboardingProduct = "so_trial" satisfies Product;
/** The product a configuration created by an admin starts on. */
export const defaultAdminProduct = "entry" satisfies Product;

export function productForNewConfiguration({ selfOnboarding }: { selfOnboarding: boolean }): Product {
  return selfOnboarding ? selfOnboardingProduct : defaultAdminProduct;
}

/** The features a customer_so sees as disabled premium items and can ask about in the contact form. */
export const premiumFeatures = [
  "ai_reporting",
  "knowledge_base_plus",
  "connect_webshop",
  "whatsapp_ai",
  "lead_generation",
] as const;
export type PremiumFeature = (typeof premiumFeatures)[number];
