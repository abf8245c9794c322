// Pulls the CSS out of an assistant reply: the fenced ```css blocks, else any fenced block that looks like CSS.
export function extractCssBlocks(reply: string): string | null {
  const fenced = [...reply.matchAll(/```([a-zA-Z]*)\s*\n([\s\S]*?)```/g)];
  const css = fenced.filter((m) => (m[1] ?? '').toLowerCase() === 'css').map((m) => (m[2] ?? '').trim());
  if (css.length > 0) return css.join('\n\n');
  const cssLike = fenced.map((m) => (m[2] ?? '').trim()).filter((b) => /[^{}]+\{[^{}]*:[^{}]*\}/.test(b));
  return cssLike.length > 0 ? cssLike.join('\n\n') : null;
}
