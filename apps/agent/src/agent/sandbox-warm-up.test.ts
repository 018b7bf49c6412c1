import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxTransport } from '@toolcell/sandbox';
import { createInProcessTransport } from '@toolcell/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveSettings } from '../config/agent-settings.js';
import { AgentRuntime } from './agent-runtime.js';
import { SANDBOX_WARM_UP_CALLS, SANDBOX_WARM_UP_SOURCE, warmUpSandbox } from './sandbox-warm-up.js';
import type { TranscriptEvent } from './transcript-event.js';

const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

function inProcess(limits?: Parameters<typeof createInProcessTransport>[0]): SandboxTransport {
  const transport = createInProcessTransport({ ...limits, prewarm: false });
  closing.push(() => transport.close());
  return transport;
}

describe('warmUpSandbox', () => {
  it('runs the programs one after another, each making its calls, all answered by the warm-up', async () => {
    const transport = inProcess();
    const programs: string[] = [];
    const counting: SandboxTransport = {
      ...transport,
      run: (request) => {
        programs.push(request.source);
        return transport.run(request);
      },
    };
    expect(await warmUpSandbox(counting, { programs: 3 })).toEqual({ programs: 3, calls: 3 * SANDBOX_WARM_UP_CALLS });
    expect(programs).toEqual([SANDBOX_WARM_UP_SOURCE, SANDBOX_WARM_UP_SOURCE, SANDBOX_WARM_UP_SOURCE]);
  });

  it('starts no program once the signal has aborted, and lets the running one end', async () => {
    const transport = inProcess();
    expect(await warmUpSandbox(transport, { programs: 3, signal: AbortSignal.abort() })).toEqual({ programs: 0, calls: 0 });
    const firstReply = new AbortController();
    const abortingAfterOne: SandboxTransport = {
      ...transport,
      run: async (request) => {
        const result = await transport.run(request);
        firstReply.abort();
        return result;
      },
    };
    expect(await warmUpSandbox(abortingAfterOne, { programs: 3, signal: firstReply.signal })).toEqual({ programs: 1, calls: SANDBOX_WARM_UP_CALLS });
  });

  it('stops at a program that fails and says why', async () => {
    const transport = inProcess({ limits: { sourceBytes: 100 } });
    const warmUp = await warmUpSandbox(transport, { programs: 3 });
    expect(warmUp).toMatchObject({ programs: 0, calls: 0, failure: { code: 'EXEC_SOURCE_LIMIT' } });
    expect(warmUp.failure?.message).toContain('over the limit of');
  });
});

describe('AgentRuntime.warmUpSandbox', () => {
  function runtimeIn(mode: 'direct' | 'code_mode_only', events: TranscriptEvent[]): Promise<AgentRuntime> {
    const workspace = mkdtempSync(join(tmpdir(), 'toolcell-warm-up-'));
    closing.push(async () => rmSync(workspace, { recursive: true, force: true }));
    const settings = resolveSettings({ workspace, config: {}, configFile: undefined, flags: { mode, provider: 'scripted' } });
    return AgentRuntime.create({ settings, transcript: (event) => events.push(event), prompts: undefined }).then((runtime) => {
      closing.unshift(() => runtime.close());
      return runtime;
    });
  }

  it('warms the sandbox process without a call reaching the tools, the executor or the transcript', async () => {
    const events: TranscriptEvent[] = [];
    const runtime = await runtimeIn('code_mode_only', events);
    const executorCalls: string[] = [];
    runtime.runtime.events.on('call-start', (event) => executorCalls.push(event.toolName));
    expect(await runtime.warmUpSandbox({ programs: 2 })).toEqual({ programs: 2, calls: 2 * SANDBOX_WARM_UP_CALLS });
    expect(executorCalls).toEqual([]);
    expect(events).toEqual([]);
    // The process it warmed runs the model's programs as before.
    const { result } = await runtime.codeModeTools!.runProgram({ code: 'return (await tools.list_files({ path: "." })).entries.length;', callId: 'after' });
    expect(result).toMatchObject({ status: 'completed', return_value: 0 });
    expect(executorCalls).toEqual(['exec', 'list_files']);
  });

  it('is undefined without Code Mode', async () => {
    const runtime = await runtimeIn('direct', []);
    expect(runtime.warmUpSandbox({ programs: 2 })).toBeUndefined();
  });
});
