import type { EventId, EventStore, StreamId } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** How much of its SSE events one session keeps for a client that reconnects. */
export interface ResumabilityLimits {
  /** Events kept per session, the oldest dropped first (default 256). */
  readonly maxEvents?: number;
  /** Bytes of events kept per session, as JSON (default 4 MiB); a larger single event is not kept. */
  readonly maxBytes?: number;
}

interface StoredEvent {
  readonly id: EventId;
  readonly streamId: StreamId;
  readonly message: JSONRPCMessage;
  readonly bytes: number;
}

/**
 * The SSE events of one session, kept in memory so that a client whose stream broke can
 * reconnect with `Last-Event-ID` and get what it missed (the Streamable HTTP transport's
 * resumability). Bounded in count and bytes, oldest first; it goes with its session. An
 * event no longer kept cannot be resumed from: the client gets 400 and sends its request again.
 */
export class SessionEventStore implements EventStore {
  private readonly events: StoredEvent[] = [];
  private readonly byId = new Map<EventId, StoredEvent>();
  private sequence = 0;
  private bytes = 0;

  constructor(private readonly limits: Required<ResumabilityLimits>) {}

  /** Events kept now. */
  get size(): number {
    return this.events.length;
  }

  storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    this.sequence += 1;
    const id = `${this.sequence}`;
    const bytes = Buffer.byteLength(JSON.stringify(message));
    if (bytes <= this.limits.maxBytes) {
      const event = { id, streamId, message, bytes };
      this.events.push(event);
      this.byId.set(id, event);
      this.bytes += bytes;
      while (this.events.length > this.limits.maxEvents || this.bytes > this.limits.maxBytes) {
        const dropped = this.events.shift()!;
        this.byId.delete(dropped.id);
        this.bytes -= dropped.bytes;
      }
    }
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: EventId): Promise<StreamId | undefined> {
    return Promise.resolve(this.byId.get(eventId)?.streamId);
  }

  async replayEventsAfter(lastEventId: EventId, { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> }): Promise<StreamId> {
    const last = this.byId.get(lastEventId);
    if (!last) throw new Error(`event ${lastEventId} is no longer kept; send the request again.`);
    const after = this.events.slice(this.events.indexOf(last) + 1).filter((event) => event.streamId === last.streamId);
    for (const event of after) await send(event.id, event.message);
    return last.streamId;
  }
}
