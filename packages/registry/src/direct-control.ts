/**
 * The default direct-control set: tools whose lifecycle cannot hide inside a program —
 * asking the person, delegating to another agent, plan/task/session control. They stay
 * on the wire in every mode and are never callable from `exec`. Deliberately small: a new
 * tool is ordinary unless someone puts it here (or registers it as `direct_control`).
 */
export const DEFAULT_DIRECT_CONTROL: readonly string[] = Object.freeze([
  'agent',
  'ask_user_question',
  'enter_plan_mode',
  'exit_plan_mode',
  'session_end',
  'task_update',
  'todo_write',
]);
