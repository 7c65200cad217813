-- Billing: one current subscription per configuration (spec 02 §3 "Subscription"), the checkout sessions
-- the built-in checkout (or a payment provider) completes, the invoices a paid session produces, and the
-- payment provider's webhook events already handled.

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- One current subscription per configuration: saving again updates it.
  configuration_id uuid NOT NULL UNIQUE REFERENCES configurations (id) ON DELETE CASCADE,
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  subscription_type text NOT NULL DEFAULT 'monthly' CHECK (subscription_type IN ('monthly', 'annual')),
  is_active boolean NOT NULL DEFAULT false,
  chosen_product text NOT NULL,
  -- Euro per month, to the cent.
  manual_amount numeric(12, 2) NOT NULL CHECK (manual_amount >= 0),
  -- Percent off for paying a year at once.
  year_discount numeric(5, 2) NOT NULL DEFAULT 0 CHECK (year_discount >= 0 AND year_discount <= 100),
  end_date date NOT NULL,
  trial_days integer NOT NULL DEFAULT 14 CHECK (trial_days >= 0),
  canceled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_customer ON subscriptions (customer_id);

CREATE TABLE checkout_sessions (
  -- Unguessable: the id alone lets the payment return page activate the product.
  id text PRIMARY KEY,
  customer_id uuid NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  configuration_id uuid NOT NULL REFERENCES configurations (id) ON DELETE CASCADE,
  product text NOT NULL,
  subscription_type text NOT NULL CHECK (subscription_type IN ('monthly', 'annual')),
  description text NOT NULL,
  -- Euro cents: before the annual discount, the discount, and the VAT rate in percent.
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents integer NOT NULL CHECK (discount_cents >= 0),
  vat_percent numeric(5, 2) NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  -- Set once, by the first activation: activating again changes nothing.
  activated_at timestamptz
);
CREATE INDEX checkout_sessions_customer ON checkout_sessions (customer_id, created_at);

-- The last invoice number of each year, so that concurrent payments number their invoices one after another.
CREATE TABLE invoice_counters (
  year integer PRIMARY KEY,
  last_sequence integer NOT NULL
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Invoices are bookkeeping records and outlive a deleted customer (then only admins see them, with
  -- `billed_to` saying whom they were for).
  customer_id uuid REFERENCES customers (id) ON DELETE SET NULL,
  -- One invoice per paid session, however often the payment is reported.
  checkout_session_id text UNIQUE REFERENCES checkout_sessions (id) ON DELETE SET NULL,
  year integer NOT NULL,
  sequence integer NOT NULL,
  number text NOT NULL UNIQUE,
  description text NOT NULL,
  issued_on date NOT NULL,
  due_on date,
  quantity integer NOT NULL,
  unit_price_cents integer NOT NULL,
  subtotal_cents integer NOT NULL,
  discount_cents integer NOT NULL,
  taxes_cents integer NOT NULL,
  total_cents integer NOT NULL,
  status text NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'void', 'open')),
  -- What the customer was when invoiced (name, address, e-mail), as the invoice shows it ever after.
  billed_to jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (year, sequence)
);
CREATE INDEX invoices_customer_year ON invoices (customer_id, year);

-- The payment provider's events already handled: a replayed event id is acknowledged and ignored.
CREATE TABLE payment_events (
  id text PRIMARY KEY,
  type text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
