const connections = [];

export async function query(sql, parameters = []) {
  // TODO(chen): use a real connection pool with a size limit.
  connections.push({ sql, parameters });
  return [];
}
