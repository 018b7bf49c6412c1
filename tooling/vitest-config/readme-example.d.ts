/** The README's first TypeScript example and the examples file's `// #region README`, each dedented and trimmed (`undefined` where missing). */
export interface ReadmeExample {
  readme: string | undefined;
  region: string | undefined;
}

/** Reads the first ```ts / ```typescript block of `readme` and the `// #region README` of `examples`. */
export declare function readReadmeExample(files: { readme: URL; examples: URL }): ReadmeExample;
