// Agent rules: a name to create one, maxChunkSize at least 1000 to save, a saved agent to deploy, a dialogue key to
// test a vf agent, upload limits (1 MB = 1e6 bytes; accepted types), and when the AI CSS assistant may send.
import { BYTES_PER_MB, VG_MAX_CHUNK_SIZE_MIN } from '../constants/agent';
import { AGENT_MESSAGES as M } from './messages';

export function validateAgentName(name: string): string | null {
  return name.trim() ? null : M.nameRequired;
}

/** Refused at save below 1000 (1000 itself is accepted). */
export function validateMaxChunkSize(maxChunkSize: number | undefined | null): string | null {
  if (maxChunkSize === undefined || maxChunkSize === null) return null;
  return !Number.isFinite(maxChunkSize) || maxChunkSize < VG_MAX_CHUNK_SIZE_MIN ? M.maxChunkSize : null;
}
/** Everything checked when an agent is saved. */
export function validateAgentSave(agent: { vgOptions?: { maxChunkSize?: number } | undefined }): string | null {
  return validateMaxChunkSize(agent.vgOptions?.maxChunkSize);
}

/** Deploying and opening Channels need a saved agent (the vg_id query parameter is present). */
export function validateDeploy(savedAgentId: string | null | undefined): string | null {
  return savedAgentId ? null : M.saveFirst;
}
/** Testing a conversation-platform (vf) agent needs its dialogue API key. */
export function validateTest(agent: { agentPlatform?: string; VF_DIALOGUE_API_KEY?: string | undefined }): string | null {
  if (agent.agentPlatform !== 'vf') return null;
  return agent.VF_DIALOGUE_API_KEY?.trim() ? null : M.dialogueKeyRequired;
}

/** Optional maximum size in MB (1 MB = 1e6 bytes). */
export function validateUploadSize(sizeBytes: number, maxSizeMB?: number | null): string | null {
  if (maxSizeMB === undefined || maxSizeMB === null) return null;
  return sizeBytes > maxSizeMB * BYTES_PER_MB ? M.maxUploadSize(maxSizeMB) : null;
}

/**
 * Optional accepted types, as in an <input accept>: ".png,.jpg", "png, jpg", "image/*" or "image/png".
 */
export function validateUploadType(file: { name: string; type?: string }, accept?: string | null): string | null {
  if (!accept || !accept.trim()) return null;
  const name = file.name.toLowerCase();
  const mime = (file.type ?? '').toLowerCase();
  const ok = accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => {
      if (a.includes('/')) return a.endsWith('/*') ? mime.startsWith(a.slice(0, -1)) : mime === a;
      const ext = a.startsWith('.') ? a : `.${a}`;
      return name.endsWith(ext);
    });
  return ok ? null : M.uploadType(accept);
}

/** An upload's limits: optional largest size in MB and accepted types (as in an <input accept>). */
export interface UploadLimits {
  maxSizeMB?: number | null;
  accept?: string | null;
}

/** The alert for a file that breaks a limit (size first, then type), or null when it passes. */
export function checkUploadLimits(file: { name: string; size: number; type?: string }, limits: UploadLimits): string | null {
  return validateUploadSize(file.size, limits.maxSizeMB) ?? validateUploadType(file, limits.accept);
}

/** The lower-cased extension of a file name or path ('.png'), or '' when it has none. */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** The AI CSS assistant sends only non-empty messages, and nothing while a reply is generating. */
export const canSendAiCssMessage = (message: string, isGenerating: boolean): boolean =>
  !isGenerating && message.trim().length > 0;
