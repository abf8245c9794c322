import { describe, expect, it } from 'vitest';
import { KB_FILE_ACCEPT, KB_FILE_TYPES, UPLOAD_ACCEPT, UPLOAD_MAX_MB } from '../constants/agent';
import {
  canSendAiCssMessage, checkUploadLimits, fileExtension, validateAgentName, validateAgentSave, validateDeploy, validateMaxChunkSize,
  validateTest, validateUploadSize, validateUploadType,
} from './agent';

describe('validateAgentName', () => {
  it.each([
    ['', 'Please provide a name for the agent.'],
    ['   ', 'Please provide a name for the agent.'],
    ['Support bot', null],
  ])('%j → %j', (name, expected) => {
    expect(validateAgentName(name)).toBe(expected);
  });
});

describe('validateMaxChunkSize', () => {
  it.each([
    [999, 'Max chunk size must be greater than 1000'],
    [0, 'Max chunk size must be greater than 1000'],
    [Number.NaN, 'Max chunk size must be greater than 1000'],
    [1000, null],
    [2424, null],
    [undefined, null],
  ])('%j → %j', (size, expected) => {
    expect(validateMaxChunkSize(size)).toBe(expected);
    expect(validateAgentSave({ vgOptions: { maxChunkSize: size as number } })).toBe(expected);
  });
});

describe('deploy and test', () => {
  it.each([
    [null, 'Please save and publish first.'],
    ['', 'Please save and publish first.'],
    ['agent123', null],
  ])('deploy with saved id %j → %j', (id, expected) => {
    expect(validateDeploy(id)).toBe(expected);
  });
  it.each([
    [{ agentPlatform: 'vf' }, 'Please provide your dialogue API key and try again.'],
    [{ agentPlatform: 'vf', VF_DIALOGUE_API_KEY: ' ' }, 'Please provide your dialogue API key and try again.'],
    [{ agentPlatform: 'vf', VF_DIALOGUE_API_KEY: 'VF.DM.123' }, null],
    [{ agentPlatform: 'vg' }, null],
  ])('test %j → %j', (agent, expected) => {
    expect(validateTest(agent)).toBe(expected);
  });
});

describe('upload', () => {
  it.each([
    [1_000_000, 1, null],
    [1_000_001, 1, 'Max size: 1 MBs'],
    [5_000_000, 5, null],
    [5_000_001, 5, 'Max size: 5 MBs'],
    [99_000_000, undefined, null],
  ])('%i bytes with max %j MB → %j', (size, max, expected) => {
    expect(validateUploadSize(size, max)).toBe(expected);
  });
  it.each([
    [{ name: 'logo.PNG' }, '.png,.jpg', null],
    [{ name: 'logo.jpg' }, '.png, .jpg', null],
    [{ name: 'logo.gif' }, '.png,.jpg', 'Only .png,.jpg Files'],
    [{ name: 'doc.pdf' }, 'pdf', null],
    [{ name: 'doc.txt' }, 'pdf', 'Only pdf Files'],
    [{ name: 'x.webp', type: 'image/webp' }, 'image/*', null],
    [{ name: 'x.txt', type: 'text/plain' }, 'image/*', 'Only image/* Files'],
    [{ name: 'x.anything' }, undefined, null],
  ])('%j accept %j → %j', (file, accept, expected) => {
    expect(validateUploadType(file, accept)).toBe(expected);
  });
});

describe('checkUploadLimits', () => {
  it('checks the size first (1 MB = 1e6 bytes), then the type, and reads extensions case-insensitively', () => {
    expect(checkUploadLimits({ name: 'a.png', size: 1_000_000 }, { maxSizeMB: 1 })).toBeNull();
    expect(checkUploadLimits({ name: 'a.gif', size: 1_000_001 }, { maxSizeMB: 1, accept: '.png' })).toBe('Max size: 1 MBs');
    expect(checkUploadLimits({ name: 'a.gif', size: 10 }, { accept: '.png,.jpg' })).toBe('Only .png,.jpg Files');
    expect(checkUploadLimits({ name: 'avatars/A.PNG', size: 10 }, { accept: UPLOAD_ACCEPT })).toBeNull();
    expect(checkUploadLimits({ name: 'run.exe', size: 10 }, { maxSizeMB: UPLOAD_MAX_MB, accept: UPLOAD_ACCEPT })).toBe(`Only ${UPLOAD_ACCEPT} Files`);
  });

  it('knowledge-base files are the KB file types', () => {
    expect(KB_FILE_ACCEPT).toBe(KB_FILE_TYPES.map((t) => `.${t}`).join(','));
    for (const type of KB_FILE_TYPES) expect(checkUploadLimits({ name: `doc.${type}`, size: 1 }, { accept: KB_FILE_ACCEPT })).toBeNull();
  });

  it.each([
    ['logo.PNG', '.png'],
    ['avatars/my.logo.jpg', '.jpg'],
    ['.hidden', ''],
    ['noext', ''],
  ])('fileExtension(%j) = %j', (name, ext) => {
    expect(fileExtension(name)).toBe(ext);
  });
});

describe('AI CSS message', () => {
  it.each([
    ['make it blue', false, true],
    ['   ', false, false],
    ['make it blue', true, false],
  ])('%j generating=%j → %j', (msg, generating, expected) => {
    expect(canSendAiCssMessage(msg, generating)).toBe(expected);
  });
});
