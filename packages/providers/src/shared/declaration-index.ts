import type { ToolDeclaration } from '@toolcell/core';

/** Declarations by name, for looking up how a called name was declared. */
export type DeclarationIndex = ReadonlyMap<string, ToolDeclaration>;

/** Index the declarations sent with a request (the first wins if a name repeats). */
export function indexDeclarations(declarations: readonly ToolDeclaration[]): DeclarationIndex {
  const index = new Map<string, ToolDeclaration>();
  for (const declaration of declarations) {
    if (!index.has(declaration.name)) index.set(declaration.name, declaration);
  }
  return index;
}
