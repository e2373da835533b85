import { AgentaoError } from '../errors';
import { type DirEntry, type FileStat, type FileSystem, type GlobEntry, type GlobOptions } from './file-system';

const pending = (): never => {
  throw new AgentaoError('INTERNAL', 'LocalFileSystem is being implemented');
};

/** The default `FileSystem`: the local disk, with atomic replacing writes. */
export class LocalFileSystem implements FileSystem {
  readBytes(_path: string): Promise<Uint8Array> { return pending(); }
  readPartial(_path: string, _maxBytes: number): Promise<Uint8Array> { return pending(); }
  readText(_path: string): Promise<string> { return pending(); }
  writeText(_path: string, _data: string, _options?: { append?: boolean }): Promise<void> { return pending(); }
  listDir(_path: string): Promise<DirEntry[]> { return pending(); }
  stat(_path: string): Promise<FileStat> { return pending(); }
  exists(_path: string): Promise<boolean> { return pending(); }
  realpath(_path: string): Promise<string> { return pending(); }
  glob(_base: string, _pattern: string, _options?: GlobOptions): Promise<GlobEntry[]> { return pending(); }
}
