/**
 * `npm run build` (root) ends here: the widget is published for Hosting with the local stack's origins (the
 * loader to web/dist/widget, the chat to widget/site); a deploy publishes it again with the project's
 * (local/deploy/write-config.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishWidget } from './builds';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
publishWidget(root);
console.log('widget/dist published to widget/site and web/dist/widget (when built)');
