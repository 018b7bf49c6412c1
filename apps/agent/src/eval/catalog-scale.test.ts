import { describe, expect, it } from 'vitest';
import { measureCatalogScale } from './catalog-scale.js';

describe('measureCatalogScale', () => {
  it('grows direct and full-signature declarations with the catalog, and keeps lazy discovery constant', async () => {
    const [small, large] = await measureCatalogScale([10, 100]);
    expect(small!.tools).toBe(10);
    expect(large!.direct).toBeGreaterThan(9 * small!.direct);
    expect(large!.codeModeOnly).toBeGreaterThan(5 * small!.codeModeOnly);
    // Lazy discovery declares exec and tool_search and documents no deferred tool.
    expect(large!.lazy).toBe(small!.lazy);
    expect(large!.lazy).toBeLessThan(small!.direct);
  });
});
