import { describe, expectTypeOf, it } from 'vitest';
import { ConfigurationError } from './configuration-error.js';
import { ToolFailure } from './tool-failure.js';
import { ToolcellError } from './toolcell-error.js';

describe('isInstance', () => {
  it('narrows to the class it is called on, inherited without an override', () => {
    const error: unknown = new ToolFailure({ code: 'EXEC_RUNTIME', message: 'boom' });
    if (ToolcellError.isInstance(error)) expectTypeOf(error).toEqualTypeOf<ToolcellError>();
    if (ToolFailure.isInstance(error)) expectTypeOf(error).toEqualTypeOf<ToolFailure>();
    if (ConfigurationError.isInstance(error)) expectTypeOf(error.setting).toEqualTypeOf<string>();
  });

  it('narrows to a subclass declared elsewhere, with its own code type', () => {
    class BrandedError extends ToolcellError<'BRANDED'> {
      static override readonly brand: string = '@toolcell/test/BrandedError';
    }
    const error: unknown = new BrandedError({ code: 'BRANDED', message: 'x' });
    if (BrandedError.isInstance(error)) expectTypeOf(error.code).toEqualTypeOf<'BRANDED'>();
  });
});
