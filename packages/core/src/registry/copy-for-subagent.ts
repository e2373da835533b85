import { describeError } from '../errors';
import { type Logger } from '../logger';
import { copyTool, type Tool } from '../tool/tool';

/** A new object with the same prototype and all own property descriptors: the child's field writes stay on the copy. */
function shallowCopy(tool: Tool): Tool {
  return Object.create(Object.getPrototypeOf(tool) as object, Object.getOwnPropertyDescriptors(tool)) as Tool;
}

function readName(tool: Tool): unknown {
  try {
    return tool.name;
  } catch {
    return undefined;
  }
}

/**
 * One copy of a declared host tool for one sub-agent spawn, or `null` (with a warning naming the
 * reason) when the copy throws, is the original, is not a tool, or has another name. Never falls back
 * to the original.
 */
export function copyForSubagent(tool: Tool, name: string, logger: Logger): Tool | null {
  let copy: unknown;
  try {
    const hook = (tool as Partial<Record<typeof copyTool, unknown>>)[copyTool];
    copy = typeof hook === 'function' ? (hook as () => unknown).call(tool) : shallowCopy(tool);
  } catch (error) {
    logger.warn(`Tool '${name}' is absent from the sub-agent: copying it threw ${describeError(error)}`);
    return null;
  }
  if (copy === tool) {
    logger.warn(`Tool '${name}' is absent from the sub-agent: its copy hook returned the original instance`);
    return null;
  }
  if (typeof copy !== 'object' || copy === null || typeof (copy as Tool).execute !== 'function' || typeof readName(copy as Tool) !== 'string') {
    logger.warn(`Tool '${name}' is absent from the sub-agent: its copy is not a tool`);
    return null;
  }
  const copyName = readName(copy as Tool);
  if (copyName !== name) {
    logger.warn(`Tool '${name}' is absent from the sub-agent: its copy is named '${String(copyName)}'`);
    return null;
  }
  const copied = copy as Tool;
  // The child shares the parent's working directory and capabilities, whatever the hook did.
  copied.workingDirectory = tool.workingDirectory;
  copied.filesystem = tool.filesystem;
  copied.shell = tool.shell;
  return copied;
}
