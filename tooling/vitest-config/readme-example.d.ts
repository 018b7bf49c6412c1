/** Where {@link readReadmeExamples} reads: the README, the examples file, and the heading each region other than `README` is shown under. */
export interface ReadmeExampleFiles {
  readme: URL;
  examples: URL;
  /** By region name (`README-durable`): the README's heading line (`## Approvals that need a person`) the region's block follows. */
  sections?: Record<string, string>;
}

/** One `// #region README…` of the examples file, dedented and trimmed, and the README block that shows it (`undefined` where none). */
export interface ReadmeExample {
  region: string;
  shown: string | undefined;
  compiled: string;
}

/** Every `// #region README…` of `examples` beside its README block: `README` is the first block, any other the first after its heading in `sections`. */
export declare function readReadmeExamples(files: ReadmeExampleFiles): ReadmeExample[];

/** Fails the running test unless the README shows every example region, `README` first and then one per heading in `sections`, as the same text. */
export declare function expectReadmeShowsExamples(files: ReadmeExampleFiles): void;
