import { FeaturePreview, type FeaturePreviewProps } from '../ui/FeaturePreview';
import type { LazyPage } from './lazy-page';

/** A route entry for a page whose feature arrives later. */
export function previewPage(props: FeaturePreviewProps): LazyPage {
  const Page = () => <FeaturePreview {...props} />;
  return () => Promise.resolve({ default: Page });
}
