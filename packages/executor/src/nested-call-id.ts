/**
 * The id of the `sequence`-th tool call a program made inside the `exec` call
 * `execCallId`: `<execCallId>:code:<sequence>`. The caller (the `exec` binding) counts its
 * program's calls from 1 and passes the result as {@link DispatchRequest.callId}; the
 * runtime does not assign ids, so the binding can name a call before it is dispatched.
 */
export function nestedCallId(execCallId: string, sequence: number): string {
  return `${execCallId}:code:${sequence}`;
}
