import type { QuestionAsker } from '@toolcell/demo-tools';
import type { McpElicitationAnswer, McpElicitationRequest } from '@toolcell/mcp';

interface FieldSchema {
  readonly type?: string;
  readonly title?: string;
  readonly description?: string;
  readonly enum?: readonly string[];
}

/**
 * An imported server's elicitation put to the person at the host, one question per form
 * field through the same handler `ask_user_question` uses. A field left blank is left out
 * (the form's default applies); nobody to ask, or no answer to the first question,
 * declines.
 */
export function elicitByQuestions(ask: QuestionAsker): (request: McpElicitationRequest) => Promise<McpElicitationAnswer> {
  return async (request) => {
    const properties = (request.requestedSchema.properties ?? {}) as Record<string, FieldSchema>;
    const content: Record<string, string | number | boolean> = {};
    let first = true;
    for (const [name, field] of Object.entries(properties)) {
      const label = `${field.title ?? name}${field.description === undefined ? '' : ` (${field.description})`}`;
      const options = field.type === 'boolean' ? ['yes', 'no'] : [...(field.enum ?? [])];
      const intro = first ? `The MCP server "${request.serverName}" asks: ${request.message}\n` : '';
      const answer = await ask({ question: `${intro}${label}?`, options }, request.signal);
      if (answer === undefined && first) return { action: 'decline' };
      first = false;
      const value = answer?.trim() ?? '';
      if (value === '') continue;
      if (field.type === 'boolean') content[name] = /^(y|yes|true)$/i.test(value);
      else if ((field.type === 'number' || field.type === 'integer') && Number.isFinite(Number(value))) content[name] = Number(value);
      else content[name] = value;
    }
    return { action: 'accept', content };
  };
}
