// Guards the shared registration files: the agent builder's endpoints and callables must stay wired in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../endpoints';

describe('agent builder registration', () => {
  it('serves its endpoints from the api function', () => {
    const routes = endpoints.map((e) => `${e.method} ${e.path}`);
    for (const route of ['POST /v2/agents/:agentId', 'GET /api/translate', 'GET /v2/agents/:agentId/kb/:docId', 'GET /public/files/:path', 'POST /api/ai-css-generator']) {
      expect(routes).toContain(route);
    }
  });

  it('exports its callables and the scheduled refresh from the functions entry point', () => {
    const index = readFileSync(new URL('../index.ts', import.meta.url), 'utf8');
    for (const name of ['convertAgentTemplateToAgent', 'agentSecretStatus', 'uploadFile', 'addKnowledgeSource', 'deleteKnowledgeSource', 'listKnowledgeSources', 'refreshKnowledgeSource', 'refreshKnowledgeSources']) {
      expect(index).toMatch(new RegExp(`export \\{[^}]*\\b${name}\\b[^}]*\\}`));
    }
  });
});
