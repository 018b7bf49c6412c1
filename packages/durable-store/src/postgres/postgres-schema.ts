// The tables of a PostgreSQL store, all in one schema (default `toolcell_durable`). Times are
// epoch milliseconds from the store's clock (bigint), so a fake clock in tests and the clocks
// of several machines compare the same way the files backend's do. JSON is stored as `json`
// (the text as written: the owner's state comes back with its keys in their order).

/** A schema name as a quoted SQL identifier (any name is safe). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The statements that create a store's schema; each is idempotent. */
export function schemaStatements(schema: string): string[] {
  const s = quoteIdentifier(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    // One row per cell, at its current version: compare-and-set is `WHERE version = $expected`.
    `CREATE TABLE IF NOT EXISTS ${s}.cells (
      scope text NOT NULL, session text NOT NULL, cell text NOT NULL,
      version integer NOT NULL, status text NOT NULL, expires_at bigint NOT NULL,
      approvals json NOT NULL, state json NOT NULL, snapshot bytea,
      PRIMARY KEY (scope, session, cell))`,
    // One row per cell ever claimed: the current lease; `token` only grows (a fencing token).
    `CREATE TABLE IF NOT EXISTS ${s}.leases (
      scope text NOT NULL, session text NOT NULL, cell text NOT NULL,
      token bigint NOT NULL, holder text NOT NULL, expires_at bigint NOT NULL, released boolean NOT NULL,
      PRIMARY KEY (scope, session, cell))`,
    // Which cell an approval belongs to, and its expiry: what makes it decidable.
    `CREATE TABLE IF NOT EXISTS ${s}.approvals (
      approval_id text PRIMARY KEY, scope text NOT NULL, session text NOT NULL, cell text NOT NULL,
      expires_at bigint NOT NULL)`,
    // The first decision of an approval (the primary key makes it the only one).
    `CREATE TABLE IF NOT EXISTS ${s}.decisions (
      approval_id text PRIMARY KEY, decision json NOT NULL, decided_at bigint NOT NULL)`,
    // A call's furthest journal state (`awaiting` calls have no row).
    `CREATE TABLE IF NOT EXISTS ${s}.journal (
      scope text NOT NULL, session text NOT NULL, cell text NOT NULL, call_id text NOT NULL,
      state text NOT NULL, outcome json,
      PRIMARY KEY (scope, session, cell, call_id))`,
  ];
}
