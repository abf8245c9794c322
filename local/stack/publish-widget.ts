/** `npm run build` (root) ends here: Hosting serves one folder, so the widget is copied to web/dist/widget. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishWidget } from './builds';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
publishWidget(root);
console.log('widget/dist copied to web/dist/widget (when both exist)');
