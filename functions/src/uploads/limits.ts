// Upload limits (agents-widget-channels.md §5): size in MB with 1 MB = 1e6 bytes, accepted extensions.
import { BYTES_PER_MB } from '@parley/core';

export interface UploadLimits {
  /** Largest allowed size in MB (1 MB = 1e6 bytes). */
  maxSizeMB?: number;
  /** Accepted extensions as in an input's accept attribute, e.g. ".png,.jpg". */
  accept?: string;
}

export const maxSizeMessage = (maxSizeMB: number) => `Max size: ${maxSizeMB} MBs`;
export const onlyTypesMessage = (accept: string) => `Only ${accept} Files`;

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** The alert the user sees, or null when the file passes. */
export function checkUploadLimits(file: { name: string; size: number }, limits: UploadLimits): string | null {
  if (limits.maxSizeMB !== undefined && file.size > limits.maxSizeMB * BYTES_PER_MB) return maxSizeMessage(limits.maxSizeMB);
  if (limits.accept) {
    const accepted = limits.accept.split(',').map((a) => a.trim().toLowerCase()).filter(Boolean);
    if (accepted.length > 0 && !accepted.includes(extensionOf(file.name))) return onlyTypesMessage(limits.accept);
  }
  return null;
}
