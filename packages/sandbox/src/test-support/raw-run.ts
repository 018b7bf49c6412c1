import type { JsonValue } from '@toolcell/core';
import type { SandboxBinding } from '../contract/sandbox-binding.js';
import { resolveSandboxLimits } from '../contract/sandbox-limits.js';
import type { ResultMessage } from '../shared/protocol-messages.js';
import type { SandboxPeer } from '../node/sandbox-peer.js';

/**
 * Run `source` on a ready peer by hand and return the raw result frame (with the figures
 * a transport does not pass on). `answer` settles each tool call; its value is echoed back.
 */
export function rawRun(peer: SandboxPeer, source: string, bindings: readonly SandboxBinding[], answer: (input: JsonValue) => Promise<JsonValue>): Promise<ResultMessage> {
  const limits = resolveSandboxLimits({ bootTimeoutMs: 60_000 });
  return new Promise((resolve, reject) => {
    peer.beginRun(
      limits,
      { bindings: new Map(bindings.map((binding) => [binding.jsName, binding])), seenCallIds: new Set(), cells: false },
      {
        message: (message) => {
          if (message.type === 'result') {
            peer.endRun();
            resolve(message);
          }
          if (message.type !== 'toolBatch') return;
          for (const call of message.calls) {
            void answer(call.input).then((value) => peer.send(JSON.stringify({ type: 'toolResult', id: call.id, ok: true, payload: JSON.stringify(value) })));
          }
        },
        failure: (detail) => reject(new Error(detail)),
      },
    );
    peer.send(JSON.stringify({ type: 'run', source, bindings, limits }));
  });
}
