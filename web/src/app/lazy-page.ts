// Pages loaded on demand without a needless Suspense fallback. A route starts its page's download when it is
// matched (router.tsx); if the code has arrived by the time the page renders, the page renders at once — a
// React.lazy component would still suspend for a tick and show its fallback, and React then keeps a shown
// fallback up for a while before revealing the page. Only a page whose code is still on its way suspends.
import { lazy, useMemo, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = () => Promise<{ default: ComponentType }>;

/** Pages whose code is here: bundled with the app (eager) or downloaded already. */
const loadedPages = new Map<LazyPage, ComponentType>();
const lazyPages = new Map<LazyPage, LazyExoticComponent<ComponentType>>();

/**
 * A page bundled with the app itself instead of a chunk of its own: /login, where most sessions start, paints
 * without a second round trip for its code (the form and the public layout are a few KB).
 */
export function eager(Page: ComponentType): LazyPage {
  const load: LazyPage = () => Promise.resolve({ default: Page });
  loadedPages.set(load, Page);
  return load;
}

/**
 * A page's chunk, imported once: the route's preload (when the route is matched) and the page's render share
 * the same download. A failed download is tried again next time.
 */
export function once(load: LazyPage): LazyPage {
  if (loadedPages.has(load)) return load;
  let loading: ReturnType<LazyPage> | undefined;
  const loadOnce: LazyPage = () =>
    (loading ??= load().then(
      (module) => {
        loadedPages.set(loadOnce, module.default);
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return loadOnce;
}

/** The page's component: itself when its code is here, else a lazy component that suspends until it is. */
export function usePage(load: LazyPage): ComponentType {
  return useMemo(() => {
    const loaded = loadedPages.get(load);
    if (loaded) return loaded;
    let component = lazyPages.get(load);
    if (!component) {
      component = lazy(load);
      lazyPages.set(load, component);
    }
    return component;
  }, [load]);
}
