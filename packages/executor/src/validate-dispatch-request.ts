import type { Scope } from '@toolcell/registry';

/**
 * What is wrong with a dispatch request that did not come from typed code (plain
 * JavaScript, a cast): `undefined` when its shape is right. Checked before anything else,
 * so such a request ends as one `INVALID_ARGS` outcome naming the field instead of an
 * internal `TypeError` from deep inside the pipeline.
 */
export function findDispatchRequestProblem(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null) return `expected a request object, got ${describe(request)}.`;
  const fields = request as Record<string, unknown>;
  if (typeof fields['callId'] !== 'string') return `callId must be a string, got ${describe(fields['callId'])}.`;
  if (typeof fields['name'] !== 'string') return `name must be a string, got ${describe(fields['name'])}.`;
  if (!isScope(fields['scope'])) {
    return `scope must be a Scope of the registry (registry.root or registry.scope(id)), got ${describe(fields['scope'])}.`;
  }
  if (!('args' in fields)) {
    const hint = 'input' in fields ? ' (a parsed freeform call carries `input`: use toDispatchRequest)' : '';
    return `args is missing${hint}.`;
  }
  const parent = fields['parent'];
  if (parent !== undefined && !(isRecord(parent) && typeof parent['callId'] === 'string' && typeof parent['cellId'] === 'string')) {
    return `parent must be { callId, cellId }, got ${describe(parent)}.`;
  }
  const signal = fields['signal'];
  if (signal !== undefined && !(typeof signal === 'object' && signal !== null && typeof (signal as AbortSignal).addEventListener === 'function')) {
    return `signal must be an AbortSignal, got ${describe(signal)}.`;
  }
  const source = fields['source'];
  if (source !== undefined && !(isRecord(source) && typeof source['type'] === 'string')) {
    return `source must be { type: 'model' } or a provider_code source, got ${describe(source)}.`;
  }
  const decision = fields['decision'];
  if (decision !== undefined && !(isRecord(decision) && (decision['type'] === 'approve' || (decision['type'] === 'deny' && (decision['reason'] === undefined || typeof decision['reason'] === 'string'))))) {
    return `decision must be { type: 'approve' } or { type: 'deny', reason? }, got ${describe(decision)}.`;
  }
  const onDeferred = fields['onDeferred'];
  if (onDeferred !== undefined && typeof onDeferred !== 'function') return `onDeferred must be a function, got ${describe(onDeferred)}.`;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isScope(value: unknown): value is Scope {
  return isRecord(value) && typeof value['id'] === 'string';
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (value === null) return 'null';
  return typeof value;
}
