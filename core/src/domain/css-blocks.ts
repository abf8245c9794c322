// The AI CSS Assistant's reply handling, shared by the generator endpoint and the dashboard.

/** Pulls the CSS out of an assistant reply: the fenced ```css blocks, else any fenced block that looks like CSS. */
export function extractCssBlocks(reply: string): string | null {
  const fenced = [...reply.matchAll(/```([a-zA-Z]*)\s*\n([\s\S]*?)```/g)];
  const css = fenced.filter((m) => (m[1] ?? '').toLowerCase() === 'css').map((m) => (m[2] ?? '').trim());
  if (css.length > 0) return css.join('\n\n');
  const cssLike = fenced.map((m) => (m[2] ?? '').trim()).filter((b) => /[^{}]+\{[^{}]*:[^{}]*\}/.test(b));
  return cssLike.length > 0 ? cssLike.join('\n\n') : null;
}

/** Appends generated CSS to the existing custom CSS. */
export function insertCss(current: string, css: string): string {
  return current.trim() ? `${current.trimEnd()}\n\n${css}\n` : `${css}\n`;
}

/** What the AI CSS assistant tells the user: generation failed, no CSS in the answer, CSS inserted. */
export const AI_CSS_MESSAGES = {
  failed: 'Failed to generate CSS. Please try again.',
  noCode: 'Generated response but no CSS code found. Please check the chat for the response.',
  inserted: 'CSS generated and inserted successfully!',
  noCodeInMessage: 'No CSS code found in this message.',
} as const;
