// Entry of widget/dist/loader.js.
import { boot } from './index';

const script = (document.currentScript as HTMLScriptElement | null) ?? document.querySelector<HTMLScriptElement>('script[data-agent-id]');
const start = () => void boot(window, script).then((launcher) => {
  if (launcher) (window as unknown as { ParleyWidget?: unknown }).ParleyWidget = { open: launcher.open, close: launcher.close };
});
if (document.body) start();
else document.addEventListener('DOMContentLoaded', start, { once: true });
