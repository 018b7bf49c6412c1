import { readFileSync } from 'node:fs';
import { SANDBOX_LIMIT_BOUNDS } from '@toolcell/sandbox';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_URL } from '../config/load-config.js';
import { SANDBOX_SETTING_NAMES } from '../config/toolcell-config.js';
import { sandboxLimits } from './code-mode-plugin.js';

interface IntegerProperty {
  readonly type: string;
  readonly minimum: number;
  readonly maximum: number;
}
const schema = JSON.parse(readFileSync(CONFIG_SCHEMA_URL, 'utf8')) as { properties: { sandbox: { properties: Record<string, IntegerProperty> } } };
const sandboxProperties = schema.properties.sandbox.properties;

describe('sandbox settings are the sandbox limits of the same names', () => {
  it('the schema lists exactly the settings, each an integer in the range the sandbox accepts', () => {
    expect(Object.keys(sandboxProperties).sort()).toEqual([...SANDBOX_SETTING_NAMES].sort());
    for (const name of SANDBOX_SETTING_NAMES) {
      const [min, max] = SANDBOX_LIMIT_BOUNDS[name];
      expect(sandboxProperties[name]).toMatchObject({ type: 'integer', minimum: min, maximum: max });
    }
  });

  it('hands each setting to the sandbox under its own name, and nothing else', () => {
    const settings = { cpuBudgetMs: 200, memoryBytes: 8 * 1024 * 1024, stackBytes: 128 * 1024, maxTextChars: 100 };
    expect(sandboxLimits(settings)).toEqual(settings);
    expect(sandboxLimits({ maxTextChars: 5, wallTimeMs: 1 } as never)).toEqual({ maxTextChars: 5 });
    expect(sandboxLimits({})).toEqual({});
  });
});
