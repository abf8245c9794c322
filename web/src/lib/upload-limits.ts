// Upload limits as the page checks them before sending (the uploadFile callable enforces the same).
import { BYTES_PER_MB } from '@parley/core';

export const maxSizeMessage = (maxSizeMB: number) => `Max size: ${maxSizeMB} MBs`;
export const onlyTypesMessage = (accept: string) => `Only ${accept} Files`;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The alert text for a file that breaks a limit, or null. 1 MB = 1e6 bytes. */
export function uploadProblem(file: { name: string; size: number }, limits: { maxSizeMB?: number; accept?: string }): string | null {
  if (limits.maxSizeMB !== undefined && file.size > limits.maxSizeMB * BYTES_PER_MB) return maxSizeMessage(limits.maxSizeMB);
  if (limits.accept) {
    const accepted = limits.accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean);
    if (accepted.length > 0 && !accepted.includes(extensionOf(file.name))) return onlyTypesMessage(limits.accept);
  }
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}
