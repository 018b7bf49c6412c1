/**
 * Every bare specifier (a package, a Node built-in) that `entry` (a path or a file URL)
 * reaches through relative imports: static imports and re-exports, side-effect imports and
 * `import('…')`. Type-only imports and re-exports are not followed (they are erased). A
 * relative `./x.js` of a source file is read as the `./x.ts` beside it when there is one,
 * so it works on sources and on built bundles alike.
 */
export declare function reachedBareImports(entry: string | URL): Set<string>;
