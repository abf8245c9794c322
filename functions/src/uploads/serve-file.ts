// GET /public/files/:path — serves public uploads only (uploads/, temp/; the path is one URL-encoded segment,
// slashes as %2F). Anything else in the store, knowledge-base originals among it, answers 404 like a missing
// file, so the route says nothing about what exists there.
import { uploadsApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { isActiveContentType, isPublicUploadPath } from './file-store';
import type { UploadsDeps } from './uploads-deps';
import { CACHE_CONTROL } from './upload-file';

export const FILE_NOT_FOUND = 'File not found.';

export const serveFileEndpoint = (deps: UploadsDeps) => defineEndpoint(uploadsApi.getPublicFile, async ({ params, res }) => {
  let file;
  try {
    if (!isPublicUploadPath(params.path)) throw new HttpError(404, FILE_NOT_FOUND);
    file = await deps.fileStore.get(params.path);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Invalid file path.');
  }
  if (!file) throw new HttpError(404, FILE_NOT_FOUND);
  res.writeHead(200, {
    'content-type': file.contentType,
    'content-length': String(file.data.length),
    'cache-control': CACHE_CONTROL,
    // Uploaded SVG/HTML must never run script on our origin: sandboxed, and downloaded rather than shown when
    // opened directly (an <img> still shows an SVG).
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'x-content-type-options': 'nosniff',
    ...(isActiveContentType(file.contentType) ? { 'content-disposition': 'attachment' } : {}),
  });
  res.end(file.data);
  return undefined;
});
