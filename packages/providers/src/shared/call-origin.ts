import type { JsonObject, ToolCallRequest } from '@toolcell/core';

/** Who made a call, in toolcell's terms, and what must travel back with its result. */
export interface CallOrigin {
  readonly source: ToolCallRequest['source'];
  readonly echo?: JsonObject;
}
