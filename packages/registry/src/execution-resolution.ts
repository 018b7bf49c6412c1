import type { ToolDefinition } from '@toolcell/core';
import type { JsNameCollision } from './js-name-assignment.js';
import type { ToolCategory } from './tool-category.js';

/** Why a nested call of an existing tool cannot run. */
export type NotCallableReason = 'direct_control' | 'hidden' | 'not_allowed' | 'no_code_mode';

/**
 * What the executor may run for `(name, scope, nested)`. Computed from the same plan as
 * the wire view, so the two always agree.
 */
export type ExecutionResolution =
  | {
      readonly type: 'callable';
      readonly tool: ToolDefinition;
      readonly category: ToolCategory;
      /** Set for nested calls and for tools that are bindings in this scope. */
      readonly jsName: string | undefined;
    }
  | {
      /** A model-direct call of a tool this scope declares only through `exec`. */
      readonly type: 'collapsed';
      readonly tool: ToolDefinition;
      readonly jsName: string;
    }
  | { readonly type: 'unknown'; readonly name: string }
  | { readonly type: 'recursive'; readonly name: string }
  | {
      readonly type: 'not_callable';
      readonly tool: ToolDefinition;
      readonly reason: NotCallableReason;
    }
  | {
      /** Lost a JS-name collision: never callable from a program. */
      readonly type: 'collided';
      readonly tool: ToolDefinition;
      readonly collision: JsNameCollision;
    };
