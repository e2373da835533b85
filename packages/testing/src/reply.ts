import { type ScriptedReply } from './scripted-reply';

/** Builds a scripted reply with `text` and any other fields of `extra`. */
export function reply(text: string, extra?: Omit<ScriptedReply, 'text'>): ScriptedReply {
  return { ...extra, text };
}
