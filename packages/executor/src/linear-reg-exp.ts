import { errorMessage } from '@toolcell/core';
import type { CodeOptions } from 'ajv';
import type { RE2JS } from 're2js';
import { spend } from './validation-budget.js';

/** Ajv's pattern engine type (`code.regExp`). */
export type RegExpEngine = NonNullable<CodeOptions['regExp']>;
type RegExpLike = ReturnType<RegExpEngine>;

/** Characters of tested text that cost one unit of the validation budget. */
const CHARACTERS_PER_UNIT = 64;

/**
 * Ajv's pattern engine (`pattern`, `patternProperties`) on RE2JS, a linear-time engine:
 * the schema comes from a tool author or an MCP server and the text from a program or a
 * model, and a backtracking `RegExp` lets `^(a+)+$` hold the event loop for minutes.
 * A pattern RE2 cannot express (backreferences, lookahead) makes the schema fail to
 * compile, with a message that says so. `re2` is the loaded module's class (loaded with Ajv).
 */
export function linearRegExpEngine(re2: typeof RE2JS): RegExpEngine {
  const engine = (pattern: string): RegExpLike => {
    let compiled: RE2JS;
    try {
      compiled = re2.compile(re2.translateRegExp(pattern));
    } catch (error) {
      const reason = errorMessage(error);
      throw new Error(`pattern ${JSON.stringify(pattern)} is not supported (${reason}); patterns are matched in linear time (RE2 syntax: no backreferences or lookaround)`, { cause: error });
    }
    const matcher: RegExpLike = {
      test: (text: string) => {
        spend(1 + Math.floor(text.length / CHARACTERS_PER_UNIT));
        return compiled.test(text);
      },
    };
    // Ajv keys its cache of compiled patterns by this string.
    return Object.assign(matcher, { toString: () => `re2:${pattern}` });
  };
  return Object.assign(engine, { code: 're2js' });
}
