/**
 * One tool the guest may call as `tools.<jsName>(input)`. The sandbox knows nothing else
 * about tools: the host resolves `jsName` back to its own tool when a call arrives.
 */
export interface SandboxBinding {
  /** The property name under `tools` (a valid JavaScript identifier, chosen by the host). */
  readonly jsName: string;
  /** The tool's canonical registry name, shown to the guest in `ALL_TOOLS`. */
  readonly canonicalName: string;
  /** The tool's description, shown to the guest in `ALL_TOOLS`. */
  readonly description: string;
  /**
   * `function` tools take one plain-object argument (`undefined` counts as `{}`);
   * `freeform` tools take one string.
   */
  readonly kind: 'function' | 'freeform';
}
