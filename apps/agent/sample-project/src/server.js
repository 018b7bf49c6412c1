import { createServer } from 'node:http';
import { ordersRoute } from './routes/orders.js';

const port = Number(process.env.PORT ?? 8080);

// TODO(ana): read the port and the database URL from one config module.
const server = createServer(async (request, response) => {
  if (request.url?.startsWith('/orders')) return ordersRoute(request, response);
  // TODO: serve a health check at /healthz for the load balancer.
  response.writeHead(404).end();
});

server.listen(port, () => {
  console.log(`inventory service on :${port}`);
});

// TODO(ana): close the server and the database pool on SIGTERM.
