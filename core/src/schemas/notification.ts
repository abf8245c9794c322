// Notifications: level 1 in notifications-1, level 2 (requests) in notifications-2. Scoped like firestore.rules
// reads them: `ownerID` (the workspace) for its owner and members — the web queries where ownerID == workspace,
// ordered by ts desc — and `agentId` for agency clients (the agent must be in their widgetIDs).
import { z } from 'zod';
import { storedTimestampSchema } from './common';

export const notificationSchema = z.object({
  ID: z.string().min(1),
  /** The workspace id (users/{ownerID}) the notification belongs to. Without it nobody may read it. */
  ownerID: z.string().min(1),
  title: z.string().default(''),
  body: z.string().default(''),
  urlPathname: z.string().optional(),
  /** Unix seconds when written by us; legacy documents may hold a Firestore timestamp. */
  ts: storedTimestampSchema,
  seen: z.boolean().default(false),
  notificationLevel: z.union([z.literal(1), z.literal(2)]),
  /** Client ids; empty means every client of the agent. */
  notifyOnly: z.array(z.string()).default([]),
  /** The agent it is about; agency clients see it only when this agent is in their widgetIDs. Absent = workspace-wide (owner and members only). */
  agentId: z.string().optional(),
  orgId: z.string().optional(),
});
export const storedNotificationSchema = notificationSchema.loose();
export type Notification = z.infer<typeof notificationSchema>;
