// The data migrations production runs as scheduled jobs, for tools that run them elsewhere (the local stack's seed
// runs each once, on both databases). Each is a no-op once done.
export { removeLegacyClientPasswords } from './clients/legacy-passwords';
