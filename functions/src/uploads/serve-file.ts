// GET /public/files/:path — serves stored files (the path is one URL-encoded segment, slashes as %2F).
import { uploadsApi } from '@parley/core';
import { defineEndpoint, HttpError } from '../http/endpoint';
import { fileStore } from './file-store';
import { CACHE_CONTROL } from './upload-file';

export const serveFileEndpoint = defineEndpoint(uploadsApi.getPublicFile, async ({ params, res }) => {
  let file;
  try {
    file = await fileStore().get(params.path);
  } catch {
    throw new HttpError(400, 'Invalid file path.');
  }
  if (!file) throw new HttpError(404, 'File not found.');
  res.writeHead(200, {
    'content-type': file.contentType,
    'content-length': String(file.data.length),
    'cache-control': CACHE_CONTROL,
    // Uploaded SVG/HTML must never run script on our origin.
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'x-content-type-options': 'nosniff',
  });
  res.end(file.data);
  return undefined;
});
