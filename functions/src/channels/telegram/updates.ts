// What of a Telegram update the agent answers: text messages from people; in groups only those that mention the
// bot (@username, or a reply to one of its messages), with the mention taken out.
import { z } from 'zod';

const userSchema = z.object({ id: z.number(), is_bot: z.boolean().default(false), first_name: z.string().default(''), last_name: z.string().optional(), username: z.string().optional() }).loose();
const messageSchema = z
  .object({
    message_id: z.number(),
    from: userSchema.optional(),
    chat: z.object({ id: z.number(), type: z.string(), title: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional(), username: z.string().optional() }).loose(),
    text: z.string().optional(),
    reply_to_message: z.object({ from: userSchema.optional() }).loose().optional(),
  })
  .loose();
export const updateSchema = z.object({ update_id: z.number().int(), message: messageSchema.optional() }).loose();

export interface UpdateMessage {
  updateId: number;
  chatId: string;
  userName: string;
  text: string;
  /** In groups: the message to reply to. */
  replyTo?: number;
}

export function readUpdate(body: unknown, botUsername: string | undefined): UpdateMessage | null {
  const parsed = updateSchema.safeParse(body);
  if (!parsed.success || !parsed.data.message) return null;
  const m = parsed.data.message;
  if (!m.text?.trim() || m.from?.is_bot) return null;
  const group = m.chat.type === 'group' || m.chat.type === 'supergroup';
  let text = m.text;
  if (group) {
    const name = botUsername?.toLowerCase();
    const mention = name ? new RegExp(`@${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i') : null;
    const mentioned = !!mention && mention.test(text);
    const repliedToBot = !!name && m.reply_to_message?.from?.username?.toLowerCase() === name;
    if (!mentioned && !repliedToBot) return null;
    if (mention) text = text.replace(mention, '').replace(/\s+/g, ' ');
    if (!text.trim()) return null;
  }
  const person = [m.from?.first_name, m.from?.last_name].filter(Boolean).join(' ') || (m.from?.username ? `@${m.from.username}` : '');
  const userName = group ? (m.chat.title ?? 'Telegram group') : person || [m.chat.first_name, m.chat.last_name].filter(Boolean).join(' ') || 'Telegram user';
  return { updateId: parsed.data.update_id, chatId: String(m.chat.id), userName, text: text.trim(), ...(group ? { replyTo: m.message_id } : {}) };
}
