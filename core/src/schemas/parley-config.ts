import { z } from 'zod';

/**
 * window.__PARLEY_CONFIG__, set by /parley-config.js before the SPA loads: written by the local stack
 * (emulator hosts) and by deploy (the real Firebase web config).
 */
export const parleyConfigSchema = z.object({
  firebase: z.object({
    apiKey: z.string().min(1),
    authDomain: z.string().min(1),
    projectId: z.string().min(1),
    appId: z.string().optional(),
    /**
     * reCAPTCHA Enterprise site key of the web app registered for App Check: the widget's chat then sends an App
     * Check token with every API call (functions enforce it with PARLEY_APP_CHECK=enforce). Needs appId.
     */
    appCheckSiteKey: z.string().optional(),
  }),
  emulators: z
    .object({
      auth: z.string().url(),
      firestore: z.object({ host: z.string().min(1), port: z.number().int().positive() }),
      functions: z.object({ host: z.string().min(1), port: z.number().int().positive() }),
    })
    .optional(),
  functionsRegion: z.string().min(1),
  /** "" = same origin through Hosting rewrites. */
  apiBase: z.string(),
  /** The widget's own Hosting site (origin), which also serves agency custom tabs' sandbox page. */
  widgetOrigin: z.string().optional(),
  /** Stripe.js in the browser: the publishable key, and (local stack only) the Stripe.js stand-in's script URL. */
  stripe: z.object({ publishableKey: z.string().regex(/^pk_(test|live)_/), scriptUrl: z.string().url().optional() }).optional(),
  /** Where the voice library's samples are served (origin; "" = beside the app). Locally, the voice stand-in. */
  voiceSamplesOrigin: z.string().optional(),
  /** The agency page's intro video: a YouTube/Vimeo-style embed URL or a direct .mp4/.webm file (http(s) only). */
  agencyIntroVideoUrl: z.string().url().regex(/^https?:\/\//i, 'must be an http(s) URL').optional(),
});
export type ParleyConfig = z.infer<typeof parleyConfigSchema>;
