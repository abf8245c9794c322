// Reading a picked file for an upload (the limits it must meet are @parley/core's checkUploadLimits).

/** The file as a data URL (data:<type>;base64,…), what the upload callables take. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
