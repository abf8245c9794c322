// Uploads: the uploadFile callable and the public file endpoint over the composition's FileStore.
import type { Endpoint } from '../http/endpoint';
import { serveFileEndpoint } from './serve-file';
import type { UploadsDeps } from './uploads-deps';

export const uploadsEndpoints = (deps: UploadsDeps): Endpoint[] => [serveFileEndpoint(deps)];
export { uploadFileCallable, decodeWithin } from './upload-file';
export { platformFileStore, localFileStore, KB_ORIGINALS_ROOT, type FileStore } from './file-store';
export type { UploadsDeps } from './uploads-deps';
export { CONTENT_TYPES } from './content-types';
