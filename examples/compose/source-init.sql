-- The shop's source tables (examples/shop/model.json) with a few rows. The postgres image runs
-- this once, as the database's owner, when its data volume is new. Names are unqualified: they go
-- to the first schema of the search path (public in the container).

CREATE TABLE customers (
  id          bigint PRIMARY KEY,
  customer_no text NOT NULL UNIQUE,
  name        text NOT NULL,
  email       text,
  city        text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id    bigint PRIMARY KEY,
  sku   text NOT NULL UNIQUE,
  name  text NOT NULL,
  price numeric(12, 2) NOT NULL
);

CREATE TABLE order_status (
  code        text PRIMARY KEY,
  description text
);

CREATE TABLE orders (
  id          bigint PRIMARY KEY,
  order_no    text NOT NULL UNIQUE,
  customer_id bigint NOT NULL REFERENCES customers (id),
  ordered_at  timestamptz NOT NULL,
  status      text NOT NULL REFERENCES order_status (code)
);

CREATE TABLE order_lines (
  order_id   bigint NOT NULL REFERENCES orders (id),
  line_no    integer NOT NULL,
  product_id bigint NOT NULL REFERENCES products (id),
  qty        integer NOT NULL,
  amount     numeric(12, 2) NOT NULL,
  PRIMARY KEY (order_id, line_no)
);

CREATE TABLE payments (
  id       bigint PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  paid_at  timestamptz NOT NULL,
  amount   numeric(12, 2) NOT NULL,
  method   text NOT NULL
);

INSERT INTO order_status (code, description) VALUES
  ('NEW', 'Received, not yet paid'),
  ('PAID', 'Paid, waiting for shipment'),
  ('SHIPPED', 'Handed to the carrier');

INSERT INTO customers (id, customer_no, name, email, city, updated_at) VALUES
  (1, 'C0001', 'Ada Lovelace', 'ada@example.org', 'London', '2024-01-02 09:00:00+00'),
  (2, 'C0002', 'Alan Turing', 'alan@example.org', 'Manchester', '2024-01-03 10:30:00+00'),
  (3, 'C0003', 'Grace Hopper', NULL, 'Arlington', '2024-01-04 11:45:00+00');

INSERT INTO products (id, sku, name, price) VALUES
  (1, 'SKU-001', 'Notebook', 4.95),
  (2, 'SKU-002', 'Fountain pen', 29.70),
  (3, 'SKU-003', 'Ink, blue', 7.50);

INSERT INTO orders (id, order_no, customer_id, ordered_at, status) VALUES
  (1, 'O0001', 1, '2024-02-01 08:15:00+00', 'PAID'),
  (2, 'O0002', 2, '2024-02-02 14:20:00+00', 'NEW');

INSERT INTO order_lines (order_id, line_no, product_id, qty, amount) VALUES
  (1, 1, 1, 2, 9.90),
  (1, 2, 2, 1, 29.70),
  (2, 1, 3, 4, 30.00);

INSERT INTO payments (id, order_id, paid_at, amount, method) VALUES
  (1, 1, '2024-02-01 08:20:00+00', 39.60, 'card');
