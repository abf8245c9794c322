// The chat's stylesheet; colours come from the agent's theme as CSS variables. The build inlines it
// into chat.html's head as <style id="parley-chat-css"> so the first paint needs no script-made styles.
export const CHAT_CSS_ID = 'parley-chat-css';
export const CHAT_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font-family:var(--pf,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);font-size:14px;color:var(--fg);background:var(--bg)}
.chat{display:flex;flex-direction:column;height:100%;background:var(--bg) var(--bgimg) center/cover no-repeat}
.head{display:flex;align-items:center;gap:10px;padding:12px 14px;background:var(--p);color:var(--op);background-image:var(--headimg);background-size:cover}
.head img{width:34px;height:34px;border-radius:50%;object-fit:cover;background:#fff}
.head h1{font-size:16px;margin:0;flex:1;font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.icon{border:0;background:none;color:inherit;cursor:pointer;font-size:20px;line-height:1;padding:4px 6px}
.status{font-size:12px;padding:6px 14px;background:var(--soft);color:var(--fg)}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px}
.row{display:flex;gap:8px;align-items:flex-end}
.row.user{justify-content:flex-end}
.row img{width:26px;height:26px;border-radius:50%;object-fit:cover}
.msg{max-width:80%;padding:9px 12px;border-radius:14px;line-height:1.45;white-space:pre-wrap;word-wrap:break-word}
.user .msg{background:var(--p);color:var(--op);border-bottom-right-radius:4px}
.assistant .msg,.operator .msg{background:var(--bubble);color:var(--fg);border-bottom-left-radius:4px}
.operator .msg{border:1px solid var(--p)}
.who{font-size:11px;opacity:.7;margin-bottom:2px}
.system{align-self:center;font-size:12px;opacity:.75;text-align:center}
.failed .msg{opacity:.75}
.msg blockquote{margin:6px 0;padding-left:8px;border-left:3px solid var(--p);opacity:.9}
.src{font-size:11px;opacity:.75;margin-top:4px}
.dots span{display:inline-block;width:6px;height:6px;margin:0 2px;border-radius:50%;background:currentColor;opacity:.4;animation:b 1s infinite}
.dots span:nth-child(2){animation-delay:.15s}.dots span:nth-child(3){animation-delay:.3s}
@keyframes b{0%,100%{opacity:.2}50%{opacity:.9}}
.handoff{margin:0 14px 8px;padding:10px 12px;border-radius:12px;background:var(--soft);display:flex;align-items:center;gap:10px}
.handoff div{flex:1}.handoff strong{display:block;font-size:13px}.handoff small{opacity:.75}
.handoff button,.send{border:0;border-radius:10px;background:var(--p);color:var(--op);padding:8px 12px;cursor:pointer;font:inherit}
.notice{margin:0 14px 8px;font-size:12px;color:#b91c1c}
.call-start{margin:6px 14px 0;align-self:flex-start;border:1px solid var(--line);background:var(--bg);color:var(--fg);border-radius:16px;padding:4px 12px;cursor:pointer;font:inherit;font-size:13px}
.stopped{margin:0 14px 10px;padding:10px 12px;border-radius:10px;background:#fef2f2;color:#991b1b;font-size:13px}
form{display:flex;gap:8px;padding:10px 12px;border-top:1px solid var(--line);background:var(--bg)}
textarea{flex:1;resize:none;border:1px solid var(--line);border-radius:10px;padding:9px 10px;font:inherit;color:var(--fg);background:var(--bg);max-height:120px}
textarea:focus{outline:2px solid var(--p);outline-offset:-1px}
.send:disabled{opacity:.5;cursor:default}
.brand{font-size:11px;text-align:center;opacity:.6;padding:0 0 6px}
.lead{flex-direction:column;gap:6px;padding:12px 14px}
.lead label{display:flex;flex-direction:column;gap:2px;font-size:12px}
.lead input{border:1px solid var(--line);border-radius:8px;padding:7px 9px;font:inherit;color:var(--fg);background:var(--bg)}
.lead input:focus{outline:2px solid var(--p);outline-offset:-1px}
.lead .notice{margin:0}
.lead-actions{display:flex;justify-content:flex-end;gap:8px}
.skip{border:1px solid var(--line);border-radius:10px;background:none;color:var(--fg);padding:8px 12px;cursor:pointer;font:inherit}
`;
