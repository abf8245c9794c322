// The one route table. Other features register their pages here: add an entry with a path and a lazily
// loaded component (or a preview until the feature lands). Links to these pages are built with
// @parley/core's `routes` / `appPage` (router.test.tsx checks that every one of them lands on a page here).
import { createElement } from 'react';
import type { AgentTabKey } from '@parley/core';
import LoginPage from '../features/auth/LoginPage';
import type { MarketingPageKey } from '../features/public/MarketingPage';
import { eager, once, type LazyPage } from './lazy-page';
import { previewPage } from './preview-page';

export type { LazyPage };

export interface PublicRoute {
  path: string;
  load: LazyPage;
}

export type NavGroup = 'agents' | 'integrations' | 'utilities' | 'whitelabel' | 'credentials' | 'account';

/** Pages under /app/{region}/ inside the signed-in shell. */
export interface AppRoute {
  id: string;
  /** Relative to /app/:region (the side navigation links to appPage(region, path)). */
  path: string;
  load: LazyPage;
  nav?: { label: string; group: NavGroup };
}

/** Sections of the agent page: /app/{region}/agents/{agentId}/{key}. */
export interface AgentSectionRoute {
  /** The section's path under the agent ('channels/voice' is a page of its own inside Channels). */
  key: AgentTabKey | 'campaigns' | 'metrics' | 'channels/voice';
  load: LazyPage;
}

/** A product page of the public site, its copy chosen by `page`. */
const marketingPage =
  (page: MarketingPageKey): LazyPage =>
  () =>
    import('../features/public/MarketingPage').then((m) => ({ default: () => createElement(m.MarketingPage, { page }) }));

const publicPages: PublicRoute[] = [
  { path: '/', load: () => import('../features/public/LandingPage') },
  { path: '/landing2', load: () => import('../features/public/LandingPage') },
  { path: '/pricing', load: () => import('../features/public/PricingPage') },
  { path: '/get-free-plan', load: () => import('../features/public/GetFreePlanPage') },
  { path: '/integrations', load: marketingPage('integrations') },
  { path: '/voice-agent', load: marketingPage('voice-agent') },
  { path: '/chatbot', load: marketingPage('chatbot') },
  { path: '/whatsapp', load: marketingPage('whatsapp') },
  { path: '/demo', load: marketingPage('demo') },
  { path: '/share', load: marketingPage('share') },
  { path: '/share/*', load: marketingPage('share') },
  { path: '/legal/:page', load: () => import('../features/public/LegalPage') },
  { path: '/login', load: eager(LoginPage) },
  { path: '/signup', load: () => import('../features/auth/SignupPage') },
  { path: '/onboarding', load: () => import('../features/auth/OnboardingPage') },
  { path: '/app', load: () => import('../features/auth/AppEntry') },
  { path: '/404', load: () => import('../features/public/NotFoundPage') },
  { path: '*', load: () => import('../features/public/NotFoundPage') },
];
export const publicRoutes: PublicRoute[] = publicPages.map((r) => ({ ...r, load: once(r.load) }));

/** The agents list with the agent builder's New Agent form in its drawer (composed here: features stay independent). */
const agentsListPage: LazyPage = () =>
  Promise.all([import('../features/agents/AgentsListPage'), import('../features/agent-builder')]).then(([list, builder]) => ({
    default: () => createElement(list.default, { NewAgentForm: builder.NewAgentForm }),
  }));

/** The agency page with the widget settings' palette and CSS editors (composed here: features stay independent). */
const agencyPage: LazyPage = () =>
  Promise.all([
    import('../features/agency/AgencyPage'),
    import('../features/agent-builder/PaletteEditor'),
    import('../features/agent-builder/CssCodeEditor'),
  ]).then(([page, palette, css]) => ({
    default: () => createElement(page.default, { PaletteEditor: palette.PaletteEditor, CssEditor: css.CssCodeEditor }),
  }));

/** A page that shows what a feature will do until it lands. */
const preview = (title: string, description: string, items: string[]) => previewPage({ title, description, items });

const appPages: AppRoute[] = [
  { id: 'agents', path: 'agents', load: agentsListPage, nav: { label: 'Agents', group: 'agents' } },
  // Where a user lands after opening an agent that is not theirs ("This widget does not exist.").
  { id: 'widgets', path: 'widgets', load: agentsListPage },
  { id: 'functions', path: 'integrations', nav: { label: 'Functions', group: 'integrations' }, load: () => import('../features/tools').then((m) => ({ default: m.FunctionsPage })) },
  { id: 'meta-pages', path: 'meta-pages', nav: { label: 'Meta pages', group: 'integrations' }, load: () => import('../features/channels').then((m) => ({ default: m.MetaPagesPage })) },
  { id: 'whatsapp-numbers', path: 'whatsapp-numbers', nav: { label: 'WhatsApp numbers', group: 'integrations' }, load: () => import('../features/channels').then((m) => ({ default: m.WhatsappNumbersPage })) },
  { id: 'twilio-numbers', path: 'twilio-numbers', nav: { label: 'Phone numbers', group: 'integrations' }, load: () => import('../features/voice').then((m) => ({ default: m.PhoneNumbersPage })) },
  { id: 'automations', path: 'automations', nav: { label: 'Crawler', group: 'utilities' }, load: () => import('../features/crawler').then((m) => ({ default: m.CrawlerPage })) },
  { id: 'events', path: 'events', nav: { label: 'Events', group: 'utilities' }, load: () => import('../features/events').then((m) => ({ default: m.EventsPage })) },
  { id: 'sessions', path: 'sessions', nav: { label: 'Sessions', group: 'utilities' }, load: () => import('../features/sessions').then((m) => ({ default: m.SessionsPage })) },
  { id: 'agency', path: 'agency', nav: { label: 'Agency', group: 'whitelabel' }, load: agencyPage },
  { id: 'clients', path: 'clients', nav: { label: 'Clients', group: 'whitelabel' }, load: () => import('../features/clients/ClientsPage') },
  { id: 'credentials', path: 'credentials', nav: { label: 'Credentials', group: 'credentials' }, load: () => import('../features/credentials').then((m) => ({ default: m.CredentialsPage })) },
  { id: 'billing', path: 'account/billing', nav: { label: 'Billing', group: 'account' }, load: () => import('../features/billing/BillingPage') },
  { id: 'workspace', path: 'workspace', load: () => import('../features/workspaces/WorkspaceSettingsPage'), nav: { label: 'Workspace', group: 'account' } },
  { id: 'prototype', path: 'prototype', load: () => import('../features/debugger/PrototypePage') },
  { id: 'demo', path: 'demo/:agentId/page1', load: () => import('../features/debugger/DemoPage') },
  { id: 'custom-tab', path: 'c/*', load: () => import('../features/agency/CustomTabPage') },
];

/** Widget Settings with the knowledge feature's sources list in its Sources tab (composed here). */
export const appRoutes: AppRoute[] = appPages.map((r) => ({ ...r, load: once(r.load) }));

const widgetSettingsPage: LazyPage = () =>
  Promise.all([import('../features/agent-builder/WidgetSettingsPage'), import('../features/knowledge/KnowledgePanel')]).then(([page, kb]) => ({
    default: () => createElement(page.default, { KnowledgePanel: kb.KnowledgePanel }),
  }));

/**
 * Prompt (simple view) and Canvas (advanced view) with the agent page's Save (composed here). The Canvas and its
 * node editor are a chunk of their own: no other page downloads them.
 */
const promptPage: LazyPage = () =>
  Promise.all([import('../features/flows/PromptPage'), import('../features/agent-builder/SaveBar')]).then(([page, save]) => ({
    default: () => createElement(page.default, { SaveBar: save.SaveBar }),
  }));
const canvasPage: LazyPage = () =>
  Promise.all([import('../features/flows/CanvasPage'), import('../features/agent-builder/SaveBar'), import('../features/tools')]).then(([page, save, tools]) => ({
    default: () => createElement(page.default, { SaveBar: save.SaveBar, useTools: tools.useAgentToolChoices }),
  }));

const sectionPages: AgentSectionRoute[] = [
  { key: 'home', load: () => import('../features/home').then((m) => ({ default: m.HomePage })) },
  { key: 'overview', load: widgetSettingsPage },
  { key: 'voice', load: () => import('../features/voice').then((m) => ({ default: m.VoicePage })) },
  { key: 'nodes', load: promptPage },
  { key: 'prompt', load: canvasPage },
  { key: 'kb', load: () => import('../features/knowledge/KnowledgePage') },
  { key: 'convos', load: () => import('../features/conversations/ConversationsPage') },
  { key: 'analytics', load: () => import('../features/analytics').then((m) => ({ default: m.AnalyticsPage })) },
  { key: 'channels', load: () => import('../features/channels').then((m) => ({ default: m.ChannelsPage })) },
  { key: 'tools', load: () => import('../features/tools').then((m) => ({ default: m.AgentToolsPage })) },
  { key: 'leads', load: () => import('../features/leads').then((m) => ({ default: m.LeadsPage })) },
  { key: 'settings', load: () => import('../features/agent-builder/AgentSettingsPage') },
  { key: 'campaigns', load: preview('Campaigns', 'Outbound messages and calls.', ['Campaign list and schedule', 'Audience and template']) },
  { key: 'metrics', load: () => import('../features/metrics').then((m) => ({ default: m.MetricsPage })) },
  { key: 'channels/voice', load: () => import('../features/voice').then((m) => ({ default: m.VoiceChannelPage })) },
];
export const agentSections: AgentSectionRoute[] = sectionPages.map((s) => ({ ...s, load: once(s.load) }));
