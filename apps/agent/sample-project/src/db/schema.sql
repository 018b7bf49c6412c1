CREATE TABLE orders (
  id SERIAL PRIMARY KEY,
  customer_id INTEGER NOT NULL,
  total NUMERIC(10, 2) NOT NULL
);

-- TODO(chen): add an index on orders.customer_id for the customer lookups.
