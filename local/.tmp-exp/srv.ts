import { startFirestore } from '../firestore/index.ts';
const f = await startFirestore({ port: 0 });
console.log('PORT', f.port);
process.on('SIGTERM', async () => { await f.stop(); process.exit(0); });
setTimeout(async () => { await f.stop(); process.exit(0); }, 25000);
