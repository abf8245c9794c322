// The launcher's stylesheet and icon, drawn in its shadow root (host CSS cannot reach them). The bubble and the panel
// that frames the chat bring their own styles with them (./deferred).
export const LAUNCHER_CSS = `:host{all:initial}
*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.btn{position:fixed;z-index:2147483000;bottom:20px;width:60px;height:60px;border-radius:50%;border:0;cursor:pointer;box-shadow:0 6px 20px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;padding:0;overflow:hidden;transition:transform .15s}
.btn:hover{transform:scale(1.06)}
.btn img{width:100%;height:100%;object-fit:cover}
.btn svg{width:28px;height:28px}
.r{right:20px}.l{left:20px}`;

export const CHAT_ICON =
  '<svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';
