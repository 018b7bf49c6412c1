import { query } from '../db/pool.js';

export async function ordersRoute(request, response) {
  // TODO(chen): paginate; this returns every order in one response.
  const orders = await query('SELECT id, customer_id, total FROM orders');
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(orders));
}

// TODO(ben): validate the request body before inserting an order.
export async function createOrder(body) {
  return query('INSERT INTO orders (customer_id, total) VALUES ($1, $2)', [body.customerId, body.total]);
}
