// Puts a third-party script (Stripe.js, the Facebook SDK) on the page once: later calls share the first load, and a
// load that failed is tried again by the next call.
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string, failure: string, attributes: { crossOrigin?: string } = {}): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const tag = document.createElement('script');
    tag.src = src;
    tag.async = true;
    if (attributes.crossOrigin) tag.crossOrigin = attributes.crossOrigin;
    tag.onload = () => resolve();
    tag.onerror = () => reject(new Error(failure));
    document.head.appendChild(tag);
  }).catch((error: unknown) => {
    loads.delete(src);
    throw error;
  });
  loads.set(src, load);
  return load;
}
