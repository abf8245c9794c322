// Offline CSS responder: with no LLM configured, turns common requests (colours, rounded corners, fonts,
// bubble sizes, hiding branding) into a real CSS block for the widget's classes (widget/src/chat/styles.ts).
const NAMED_COLOURS: Record<string, string> = {
  red: '#dc2626', orange: '#ea580c', yellow: '#ca8a04', green: '#16a34a', teal: '#0d9488', blue: '#2563eb',
  navy: '#1e3a8a', indigo: '#4f46e5', purple: '#7c3aed', violet: '#7c3aed', pink: '#db2777', black: '#111827',
  white: '#ffffff', gray: '#4b5563', grey: '#4b5563', brown: '#92400e', gold: '#d97706',
};

const FONTS: Record<string, string> = {
  serif: 'Georgia, "Times New Roman", serif', mono: '"SFMono-Regular", Menlo, Consolas, monospace',
  monospace: '"SFMono-Regular", Menlo, Consolas, monospace', rubik: 'Rubik, system-ui, sans-serif',
  inter: 'Inter, system-ui, sans-serif', roboto: 'Roboto, system-ui, sans-serif', arial: 'Arial, Helvetica, sans-serif',
  poppins: 'Poppins, system-ui, sans-serif', 'comic sans': '"Comic Sans MS", "Comic Sans", cursive',
};

function findColour(text: string): string | null {
  const hex = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/i.exec(text);
  if (hex) return hex[0].toLowerCase();
  const rgb = /rgba?\([^)]*\)/i.exec(text);
  if (rgb) return rgb[0];
  for (const [name, value] of Object.entries(NAMED_COLOURS)) if (new RegExp(`\\b${name}\\b`).test(text)) return value;
  return null;
}

function findPixels(text: string): number | null {
  const m = /(\d{1,3})\s*(px|pixels?)\b/.exec(text);
  return m ? Number(m[1]) : null;
}

/** CSS rules for the request, or null when nothing was recognised. */
export function offlineCss(request: string): string | null {
  const text = request.toLowerCase();
  const rules: string[] = [];
  const colour = findColour(text);
  const px = findPixels(text);

  if (colour && /(header|title bar|top bar)/.test(text)) rules.push(`.head {\n  background: ${colour};\n}`);
  if (colour && /(user|my|visitor|sent) (message|bubble)s?/.test(text)) rules.push(`.user .msg {\n  background: ${colour};\n}`);
  if (colour && /(bot|agent|assistant|ai|reply|replies|response) ?(message|bubble)?s?/.test(text) && !/(user|my|visitor) (message|bubble)/.test(text)) {
    rules.push(`.assistant .msg {\n  background: ${colour};\n}`);
  }
  if (colour && /(button|send)/.test(text)) rules.push(`.send,\n.handoff button {\n  background: ${colour};\n}`);
  if (colour && /(background|bg)/.test(text) && !/(header|bubble|message|button)/.test(text)) rules.push(`.chat,\nform {\n  background-color: ${colour};\n}`);
  if (colour && /(text|font) colou?r/.test(text)) rules.push(`body,\n.msg {\n  color: ${colour};\n}`);
  if (colour && rules.length === 0 && /(colou?r|theme|primary|brand)/.test(text)) {
    rules.push(`.head,\n.user .msg,\n.send {\n  background: ${colour};\n}\ntextarea:focus {\n  outline-color: ${colour};\n}`);
  }

  if (/(round|rounded|radius|corner|pill)/.test(text)) {
    const radius = /(square|sharp|no rounded|not rounded)/.test(text) ? 0 : px ?? (/(more|very|extra|pill)/.test(text) ? 22 : 16);
    rules.push(`.msg {\n  border-radius: ${radius}px;\n}\n.send,\ntextarea {\n  border-radius: ${Math.min(radius, 24)}px;\n}`);
  }

  const font = Object.keys(FONTS).find((name) => text.includes(name));
  if (font && /(font|typeface|text)/.test(text)) rules.push(`body {\n  font-family: ${FONTS[font]};\n}`);
  if (/(bigger|larger|increase|smaller|decrease) (text|font)|font size|text size/.test(text)) {
    const size = px ?? (/(smaller|decrease)/.test(text) ? 13 : 16);
    rules.push(`body,\n.msg {\n  font-size: ${size}px;\n}`);
  }

  if (/(bubble|message)s? (size|width|wider|narrower|bigger|smaller|larger)|(wider|narrower|bigger|smaller|larger) (bubble|message)/.test(text)) {
    const narrower = /(narrower|smaller)/.test(text);
    rules.push(`.msg {\n  max-width: ${narrower ? 65 : 92}%;\n  padding: ${narrower ? '7px 10px' : '12px 16px'};\n}`);
  }
  if (/(hide|remove) (the )?(branding|powered by|brand)/.test(text)) rules.push(`.brand {\n  display: none;\n}`);
  if (/shadow/.test(text)) rules.push(`.msg {\n  box-shadow: 0 2px 8px rgba(0, 0, 0, 0.12);\n}`);
  if (/(avatar|profile (picture|image))/.test(text) && /(hide|remove)/.test(text)) rules.push(`.row img,\n.head img {\n  display: none;\n}`);

  return rules.length > 0 ? rules.join('\n\n') : null;
}

/** The assistant's reply text: an explanation plus a ```css block, or guidance when nothing matched. */
export function offlineReply(request: string): string {
  const css = offlineCss(request);
  if (!css) {
    return 'I can write CSS for colours (header, buttons, message bubbles, background), rounded corners, fonts and font sizes, bubble sizes, shadows, and hiding the branding. Try for example: "make the header #0f766e and round the bubbles".';
  }
  return `Here is CSS for your widget (offline assistant):\n\n\`\`\`css\n${css}\n\`\`\`\n\nIt is added to your custom CSS; adjust the values as you like.`;
}
