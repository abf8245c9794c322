// The call panel's stylesheet: it loads with the voice chunk and is added to the chat when a call starts, so the
// chat's first load does not carry it.
export const CALL_CSS_ID = 'parley-call-css';
export const CALL_CSS = `
.call-panel{border-bottom:1px solid var(--line);display:flex;flex-direction:column;max-height:45%}
.call-lines{overflow-y:auto;padding:6px 14px}
.call-panel form{display:flex;gap:6px;padding:0 14px 6px}
.call-panel input{flex:1;font:inherit;padding:6px}
.call-actions{display:flex;gap:8px;padding:6px 14px}
.call-actions button{border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:6px;padding:4px 10px;cursor:pointer;font:inherit}
.call-actions .hang-up{background:#b91c1c;color:#fff;border-color:#b91c1c}
`;
