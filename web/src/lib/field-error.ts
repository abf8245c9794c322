// A callable's invalid-argument message names its field ("Invalid input — endpoint: …"): the sentence a form
// shows at that field, or null when the message is about another one.
export function fieldErrorOf(message: string, field: string): string | null {
  const prefix = `Invalid input — ${field}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : null;
}
