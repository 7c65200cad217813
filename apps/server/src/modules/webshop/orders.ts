import type { WebshopType } from "@parley/domain";
import type { OutboundClient } from "../../platform/outbound/client";
import { createShopifyCaller } from "./shopify";
import { woocommerceGet, woocommerceRefusal } from "./woocommerce";

/*
 * An order as the assistant tells a visitor about it (the `retrieve_order` action of a workflow): what it is, where
 * it stands, what is in it and how to follow its parcel. Read from Shopify's Admin API (`orders.json?name=`) or
 * WooCommerce's REST API (`/wp-json/wc/v3/orders/{id}`) with the configuration's saved credentials.
 */

export interface OrderSummary {
  order_number: string;
  status: string;
  payment_status: string | null;
  placed_at: string | null;
  total: string | null;
  currency: string | null;
  items: { name: string; quantity: number }[];
  tracking: { company: string | null; number: string | null; url: string | null }[];
}

/** An order was found: its summary, and the e-mail address it was placed with (checked, never shown). */
export interface FoundOrder {
  summary: OrderSummary;
  email: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : typeof value === "number" ? String(value) : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === "object" ? (value as Record<string, unknown>) : {});
const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);
const items = (value: unknown) =>
  list(value)
    .slice(0, 50)
    .map((item) => ({ name: text(item.name) ?? "", quantity: Number(item.quantity) || 0 }));

function shopifySummary(order: Record<string, unknown>): FoundOrder {
  return {
    email: text(order.email) ?? text(order.contact_email),
    summary: {
      order_number: text(order.name) ?? text(order.order_number) ?? "",
      status: order.cancelled_at ? "cancelled" : (text(order.fulfillment_status) ?? "unfulfilled"),
      payment_status: text(order.financial_status),
      placed_at: text(order.created_at),
      total: text(order.total_price),
      currency: text(order.currency),
      items: items(order.line_items),
      tracking: list(order.fulfillments)
        .slice(0, 10)
        .map((fulfillment) => ({ company: text(fulfillment.tracking_company), number: text(fulfillment.tracking_number), url: text(fulfillment.tracking_url) })),
    },
  };
}

function woocommerceSummary(order: Record<string, unknown>): FoundOrder {
  const meta = list(order.meta_data);
  const trackingMeta = meta.find((entry) => entry.key === "_wc_shipment_tracking_items");
  return {
    email: text(record(order.billing).email),
    summary: {
      order_number: text(order.number) ?? text(order.id) ?? "",
      status: text(order.status) ?? "unknown",
      payment_status: order.date_paid ? "paid" : null,
      placed_at: text(order.date_created_gmt) ?? text(order.date_created),
      total: text(order.total),
      currency: text(order.currency),
      items: items(order.line_items),
      tracking: list(trackingMeta?.value)
        .slice(0, 10)
        .map((entry) => ({ company: text(entry.tracking_provider), number: text(entry.tracking_number), url: text(entry.tracking_link) })),
    },
  };
}

/** The order with this number in the shop, or undefined when the shop has none. */
export async function findShopOrder(
  outbound: OutboundClient,
  type: WebshopType,
  credentials: { url: string; key: string; secret: string },
  orderNumber: string,
): Promise<FoundOrder | undefined> {
  if (type === "Shopify") {
    const order = await createShopifyCaller(outbound, { root: credentials.url, token: credentials.key }).order(orderNumber);
    return order && typeof order === "object" ? shopifySummary(record(order)) : undefined;
  }
  // WooCommerce numbers its orders by their id (plugins that renumber them keep the id searchable).
  const id = orderNumber.replace(/^#/u, "");
  if (!/^\d{1,12}$/u.test(id)) return undefined;
  const answer = await woocommerceGet(outbound, { root: credentials.url, key: credentials.key, secret: credentials.secret }, `/wp-json/wc/v3/orders/${id}`, {});
  if (answer.status === 404) return undefined;
  if (answer.status !== 200) throw woocommerceRefusal(answer);
  return woocommerceSummary(record(answer.body));
}

/** A made-up order for workflows that use test data: the shop is not asked. */
export function sampleOrder(orderNumber: string): OrderSummary {
  return {
    order_number: orderNumber,
    status: "shipped",
    payment_status: "paid",
    placed_at: "2026-01-05T10:00:00Z",
    total: "49.95",
    currency: "EUR",
    items: [{ name: "Sample product", quantity: 1 }],
    tracking: [{ company: "Sample Carrier", number: "TEST123456789", url: null }],
  };
}
