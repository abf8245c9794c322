// What uploads are given by the composition: the file store (read at each request; tests point it at a folder).
import type { FileStore } from './file-store';

export interface UploadsDeps {
  fileStore: FileStore;
}
