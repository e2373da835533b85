/** Maps a model-sent tool name to the one registered name it normalises to, or `null`. */
export function repairToolName(_name: string, _registered: Iterable<string>): string | null {
  return null;
}
