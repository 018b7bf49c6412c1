/** Whether `value` is a thenable; the pipeline awaits only those, so sync hooks cost no tick. */
export function isPromiseLike<Value>(value: Value | PromiseLike<Value>): value is PromiseLike<Value> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
