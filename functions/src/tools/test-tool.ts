// Callable testTool: { region, workspaceId, toolId, args } → the exact request (secret redacted), then the
// status, time and body — the Functions page's "Test tool". The arguments are checked against the tool's fields
// first (nothing is sent otherwise); the call goes through the same path as a conversation's (call-tool.ts). A
// workspace may test TOOL_TEST_QUOTA times a minute: the page must not become a way to hammer an address.
import { checkToolArguments, toolsApi } from '@parley/core';
import type { CallableRequest } from 'firebase-functions/https';
import type { z } from 'zod';
import { callerOf, requireWorkspaceAccess } from '../access';
import { HttpError } from '../adapters/input-errors';
import { defineCallable } from '../callable/define-callable';
import { takeQuota, type QuotaSpec } from '../quota';
import { callTool } from './call-tool';
import type { ToolsDeps } from './deps';
import { toolSecret, workspaceTool } from './tool-records';

const contract = toolsApi.testTool;

export const TOOL_TEST_QUOTA = { name: 'tool-tests', windowSeconds: 60, limits: { tests: 20 } } satisfies QuotaSpec;
export const TOO_MANY_TESTS = 'Too many tests in a minute. Please wait a moment and try again.';

export function testToolHandler(deps: ToolsDeps) {
  return async (input: z.output<typeof contract.input>, request: Pick<CallableRequest<unknown>, 'auth'>): Promise<z.input<typeof contract.output>> => {
    await requireWorkspaceAccess(callerOf(request, contract.signInMessage), input.region, input.workspaceId);
    const db = deps.db(input.region);
    const tool = await workspaceTool(db, input.workspaceId, input.toolId);
    const checked = checkToolArguments(tool.fields, input.args);
    if (!checked.ok) throw new HttpError(400, checked.error);
    const quota = await takeQuota(db, input.workspaceId, TOOL_TEST_QUOTA, { tests: 1 }, deps.now());
    if (!quota.allowed) throw new HttpError(429, TOO_MANY_TESTS);
    const outcome = await callTool(tool, await toolSecret(db, tool.id), checked.args, deps.call);
    if (outcome.error !== undefined) return { request: outcome.request, error: outcome.error };
    const body = outcome.body ?? '';
    return {
      request: outcome.request,
      response: { status: outcome.status ?? 0, timeMs: outcome.timeMs, body: body.slice(0, toolsApi.TOOL_TEST_BODY_MAX), truncated: body.length > toolsApi.TOOL_TEST_BODY_MAX },
    };
  };
}

export const testToolCallable = (deps: ToolsDeps) => defineCallable(contract, testToolHandler(deps));
