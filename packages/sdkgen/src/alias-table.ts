import { normalizeJsName } from '@toolcell/registry';

/** A schema node as found in a document: an object schema or a boolean schema. */
export type SchemaNode = Record<string, unknown> | boolean;

// Names TypeScript gives a meaning of its own, plus the generics the renderer writes.
const TAKEN_TYPE_NAMES: ReadonlySet<string> = new Set([
  'any', 'unknown', 'never', 'string', 'number', 'boolean', 'object', 'symbol', 'bigint',
  'undefined', 'null', 'void', 'this', 'type', 'keyof', 'typeof', 'infer', 'readonly',
  'unique', 'is', 'asserts', 'Record', 'Promise', 'Array', 'ReadonlyArray',
]);

/** Where a `$ref` leads. */
export type RefTarget =
  | { readonly type: 'alias'; readonly name: string }
  | { readonly type: 'unresolved'; readonly reason: string };

/** A named alias waiting to be rendered. */
export interface PendingAlias {
  readonly pointer: string;
  readonly name: string;
  readonly schema: SchemaNode;
}

function decodePointer(ref: string): string[] | undefined {
  if (ref === '#') return [];
  if (!ref.startsWith('#/')) return undefined;
  try {
    return ref
      .slice(2)
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('~1', '/').replaceAll('~0', '~'));
  } catch {
    return undefined;
  }
}

/**
 * Resolves local `$ref`s of one schema document to named aliases, one name per JSON
 * pointer. Every reference becomes a name, so recursive schemas need no special case.
 */
export class AliasTable {
  private readonly names = new Map<string, string>();
  private readonly used: Set<string>;
  private readonly queue: PendingAlias[] = [];
  private readonly order: string[] = [];

  constructor(
    private readonly root: SchemaNode,
    reservedNames: Iterable<string>,
    private readonly rootName: string,
  ) {
    this.used = new Set(reservedNames);
  }

  /** Pointers in the order they were first referenced. */
  get pointers(): readonly string[] {
    return this.order;
  }

  /** The alias name of a pointer that was referenced. */
  nameOf(pointer: string): string | undefined {
    return this.names.get(pointer);
  }

  /** The next alias to render, if any. */
  next(): PendingAlias | undefined {
    return this.queue.shift();
  }

  /** Resolve a `$ref` value to an alias name, queueing the alias the first time. */
  resolve(ref: string): RefTarget {
    const segments = decodePointer(ref);
    if (segments === undefined) {
      return { type: 'unresolved', reason: `non-local $ref ${ref}` };
    }
    const pointer = segments.length === 0 ? '#' : ref;
    const known = this.names.get(pointer);
    if (known !== undefined) return { type: 'alias', name: known };
    const schema = this.lookup(segments);
    if (schema === undefined) return { type: 'unresolved', reason: `$ref ${ref} (target not found)` };
    const name = this.freshName(segments.length === 0 ? this.rootName : (segments.at(-1) ?? this.rootName));
    this.names.set(pointer, name);
    this.order.push(pointer);
    this.queue.push({ pointer, name, schema });
    return { type: 'alias', name };
  }

  private lookup(segments: readonly string[]): SchemaNode | undefined {
    let node: unknown = this.root;
    for (const segment of segments) {
      if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) return undefined;
      node = (node as Record<string, unknown>)[segment];
    }
    if (typeof node === 'boolean') return node;
    return typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Record<string, unknown>) : undefined;
  }

  private freshName(raw: string): string {
    let base = normalizeJsName(raw);
    if (TAKEN_TYPE_NAMES.has(base)) base = `${base}_`;
    let name = base;
    for (let suffix = 2; this.used.has(name); suffix += 1) name = `${base}${suffix}`;
    this.used.add(name);
    return name;
  }
}
