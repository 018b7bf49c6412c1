import type { ToolcellErrorOptions } from '@toolcell/core';
import { ToolcellError } from '@toolcell/core';

/** A codemode error class as its statics see it: its own class name is its brand. */
interface CodeModeErrorClass<Instance extends ToolcellError = ToolcellError> {
  readonly className: string;
  readonly prototype: Instance;
}

const brand = (className: string) => Symbol.for(`toolcell.error.${className}`);

/**
 * The base of codemode's own errors. A subclass declares its `className` and code; the
 * base names it `@toolcell/codemode/<className>`, brands it with
 * `Symbol.for('toolcell.error.<className>')`, and the subclass's `isInstance` answers for
 * that class alone, from this or any other copy of the package.
 */
export abstract class CodeModeError<Code extends string> extends ToolcellError<Code> {
  override readonly name: string;

  constructor(options: ToolcellErrorOptions<Code>) {
    super(options);
    const { className } = new.target as unknown as CodeModeErrorClass;
    this.name = `@toolcell/codemode/${className}`;
    Object.defineProperty(this, brand(className), { value: true });
  }

  /** Whether `error` is of the class this is called on, from this or any other copy of the package. */
  static override isInstance<Class extends CodeModeErrorClass>(this: Class, error: unknown): error is Class['prototype'] {
    return ToolcellError.hasMarker(error, brand(this.className));
  }
}
