// Entry of widget/dist/loader-deferred.js: hands mountDeferred to the loader's script element that fetched it.
import { mountDeferred } from './deferred';
import type { DeferredScript } from './load-deferred';

(document.currentScript as DeferredScript | null)?.parley?.(mountDeferred);
