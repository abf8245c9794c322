// Fetches dist/loader-deferred.js (./deferred) beside loader.js, as a classic script: the same origin as the loader,
// so a site's Content-Security-Policy that lets the loader in lets it in too, and no CORS is involved. The chunk hands
// its export to the element that fetched it: nothing is set on the site's window.
import type { MountDeferred } from './deferred';

/** The chunk's file name, beside loader.js. */
export const DEFERRED_FILE = 'loader-deferred.js';

export type DeferredScript = HTMLScriptElement & { parley?: (mount: MountDeferred) => void };

export function loadDeferred(doc: Document, loaderBase: string): Promise<MountDeferred> {
  return new Promise((resolve, reject) => {
    const script = doc.createElement('script') as DeferredScript;
    script.src = `${loaderBase}/${DEFERRED_FILE}`;
    script.parley = resolve;
    // Fires after the chunk ran (load) or when it could not be fetched (error); one that handed nothing over fails.
    script.onload = script.onerror = () => {
      script.remove();
      reject(new Error(`${DEFERRED_FILE} did not load`));
    };
    doc.head.append(script);
  });
}
