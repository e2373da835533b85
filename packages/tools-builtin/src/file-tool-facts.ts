/**
 * The facts manifest of a file tool (tools-builtin.md §7.1): what its description must show and
 * must not claim, so the description-facts test can hold the text to the code.
 */
export interface FileToolFacts {
  /** Each constant the description uses, by exported name, with the display form it must appear in. */
  readonly numbers: Readonly<Record<string, string>>;
  /** The closed set of fixed result texts/markers the tool can return; each is listed in the description. */
  readonly resultMarkers: readonly string[];
  /** Phrases whose absence would make the description incomplete (past failures). */
  readonly requiredPhrases: readonly string[];
  /** Phrases that would be false for this tool. */
  readonly forbiddenPhrases: readonly string[];
}
