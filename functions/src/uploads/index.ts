// Uploads: the uploadFile callable and the public file endpoint over the FileStore port.
import type { Endpoint } from '../http/endpoint';
import { serveFileEndpoint } from './serve-file';

export const endpoints: Endpoint[] = [serveFileEndpoint];
export { uploadFile } from './upload-file';
export { fileStore, setFileStore, localFileStore, KB_ORIGINALS_ROOT, type FileStore } from './file-store';
export { decodeWithin } from './upload-file';
export { CONTENT_TYPES } from './content-types';
