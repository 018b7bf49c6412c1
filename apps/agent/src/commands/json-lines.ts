import type { TranscriptSink } from '../agent/transcript-event.js';

/** A transcript sink that writes one JSON object per line. */
export function jsonLinesSink(stream: NodeJS.WritableStream): TranscriptSink {
  return (event) => {
    stream.write(`${JSON.stringify(event)}\n`);
  };
}
