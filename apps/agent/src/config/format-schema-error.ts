import type { ErrorObject } from 'ajv';

/** A validation failure as a setting path and what to do about it. */
export interface SettingProblem {
  /** Dotted path of the setting (`tools.mode`, `approvals.tools.write_file`). */
  readonly setting: string;
  /** What is wrong and how to fix it. */
  readonly message: string;
}

/** Turn a JSON pointer (`/tools/eager/1`) into a dotted setting path (`tools.eager[1]`). */
export function settingPath(pointer: string): string {
  let path = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (/^\d+$/.test(part)) path += `[${part}]`;
    else path += path === '' ? part : `.${part}`;
  }
  return path;
}

function joinPath(base: string, key: string): string {
  return base === '' ? key : `${base}.${key}`;
}

function quoteList(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

/**
 * Phrase one ajv error as the setting at fault and the fix, e.g.
 * `tools.mode: "fast" is not allowed; use one of "direct", "code_mode", "code_mode_only".`
 */
export function formatSchemaError(error: ErrorObject, root: unknown): SettingProblem {
  const setting = settingPath(error.instancePath);
  const value = valueAt(root, error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const known = Object.keys((error.parentSchema?.properties as Record<string, unknown> | undefined) ?? {});
      return {
        setting: joinPath(setting, key),
        message: `unknown setting; remove it${known.length > 0 ? ` or use one of ${quoteList(known)}` : ''}.`,
      };
    }
    case 'enum':
      return { setting, message: `${JSON.stringify(value)} is not allowed; use one of ${quoteList(params.allowedValues as unknown[])}.` };
    case 'type':
      return { setting, message: `must be ${describeType(String(params.type))}, not ${JSON.stringify(value)}.` };
    case 'minimum':
    case 'maximum':
      return { setting, message: `${JSON.stringify(value)} is out of range; use a value ${params.comparison} ${params.limit}.` };
    case 'minLength':
      return { setting, message: 'must not be empty.' };
    case 'uniqueItems':
      return { setting, message: `lists ${JSON.stringify(value)} twice; remove the duplicate.` };
    case 'required':
      return { setting: joinPath(setting, String(params.missingProperty)), message: 'is required; add it.' };
    default:
      return { setting, message: `${error.message ?? 'is invalid'}.` };
  }
}

function describeType(type: string): string {
  return type === 'integer' ? 'a whole number' : type === 'object' ? 'an object' : type === 'array' ? 'a list' : `a ${type}`;
}

function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[part] : undefined;
  }
  return value;
}
