// The conversation flow an agent with nodes enabled follows, stored as the agent's `nodes` array. Edges live on the
// node they leave (a default node's `edges`, the start node's `next`), so the document holds one list and an edge
// can never outlive the node it starts from.
import { z } from 'zod';

/** Bounds of ours: generous for a hand-drawn flow, small enough that a flow fits one agent document. */
export const FLOW_LIMITS = {
  nodes: 100,
  edgesPerNode: 20,
  toolsPerNode: 20,
  nameChars: 120,
  instructionsChars: 8000,
  conditionChars: 500,
  noteChars: 4000,
  messageChars: 2000,
} as const;

export const flowIdSchema = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - or _ only.');

export const flowPositionSchema = z.object({ x: z.number().finite(), y: z.number().finite() });
export type FlowPosition = z.infer<typeof flowPositionSchema>;

/**
 * How an edge is chosen: `condition` is a plain-language description the model judges ("the caller wants to book");
 * `keyword` is taken when the visitor's message contains the word or phrase.
 */
export const FLOW_EDGE_MATCHES = ['condition', 'keyword'] as const;
export type FlowEdgeMatch = (typeof FLOW_EDGE_MATCHES)[number];

export const flowEdgeSchema = z.object({
  id: flowIdSchema,
  /** The node the conversation moves to. */
  target: flowIdSchema,
  match: z.enum(FLOW_EDGE_MATCHES).default('condition'),
  condition: z.string().max(FLOW_LIMITS.conditionChars).default(''),
});
export type FlowEdge = z.infer<typeof flowEdgeSchema>;

const nodeBase = {
  id: flowIdSchema,
  position: flowPositionSchema.default({ x: 0, y: 0 }),
};

/**
 * Where every conversation begins. Its global instructions are the agent's system prompt (`vg_systemPrompt`), one
 * field shown in both the Prompt and the Canvas view; `next` is the first step.
 */
export const startNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('start'),
  next: flowIdSchema.nullable().default(null),
});

/** Free text for the people editing the flow; the runtime never reads it. */
export const noteNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('note'),
  text: z.string().max(FLOW_LIMITS.noteChars).default(''),
});

/** A step: answered under its own instructions and tools, left along one of its edges. */
export const defaultNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('default'),
  name: z.string().max(FLOW_LIMITS.nameChars).default(''),
  instructions: z.string().max(FLOW_LIMITS.instructionsChars).default(''),
  /** Workspace tools offered to the model in this step (ids of the workspace's tools). */
  toolIds: z.array(z.string().min(1).max(128)).max(FLOW_LIMITS.toolsPerNode).default([]),
  edges: z.array(flowEdgeSchema).max(FLOW_LIMITS.edgesPerNode).default([]),
});

/** Ends the conversation with its closing message. */
export const endNodeSchema = z.object({
  ...nodeBase,
  type: z.literal('end'),
  name: z.string().max(FLOW_LIMITS.nameChars).default(''),
  message: z.string().max(FLOW_LIMITS.messageChars).default(''),
});

export const flowNodeSchema = z.discriminatedUnion('type', [startNodeSchema, noteNodeSchema, defaultNodeSchema, endNodeSchema]);
export type FlowNode = z.infer<typeof flowNodeSchema>;
export type FlowNodeInput = z.input<typeof flowNodeSchema>;
export type StartNode = z.infer<typeof startNodeSchema>;
export type NoteNode = z.infer<typeof noteNodeSchema>;
export type DefaultNode = z.infer<typeof defaultNodeSchema>;
export type EndNode = z.infer<typeof endNodeSchema>;
export type FlowNodeType = FlowNode['type'];

/** The agent's `nodes` as saved: valid nodes, at most FLOW_LIMITS.nodes, each id used once. */
export const flowNodesSchema = z
  .array(flowNodeSchema)
  .max(FLOW_LIMITS.nodes, `A flow may have at most ${FLOW_LIMITS.nodes} nodes.`)
  .superRefine((nodes, ctx) => {
    const seen = new Set<string>();
    nodes.forEach((node, index) => {
      if (seen.has(node.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Two nodes share the id "${node.id}".` });
      seen.add(node.id);
    });
  });
