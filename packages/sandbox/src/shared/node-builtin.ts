/**
 * Node's built-in module `id`, through `process.getBuiltinModule` rather than an import, so
 * the folders that use one stay loadable where Node's built-ins do not exist (a browser, a
 * worker of another runtime); undefined there.
 */
export function nodeBuiltin<Module>(id: string): Module | undefined {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  return typeof getBuiltin === 'function' ? (getBuiltin(id) as Module) : undefined;
}
