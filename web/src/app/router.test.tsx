// Links are built with @parley/core's route builders; every one of them must open a page of the route table,
// never the 404 page.
import { routes } from '@parley/core';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from './router';

const routeTree = buildRoutes();

/** The path patterns a URL matches, outermost first ('*' is the not-found page). */
function matched(url: string): string[] {
  const path = new URL(url, 'https://app.example').pathname;
  return (matchRoutes(routeTree, path) ?? []).map((m) => m.route.path ?? '(index)');
}

describe('links into the app', () => {
  const links: Array<[string, string]> = [
    ['agents', routes.agents('na')],
    ['widgets', routes.widgets('eu')],
    ['agent page', routes.agentBase('na', 'a1')],
    ['agent section', routes.agent('na', 'a1', 'kb')],
    ['default agent section', routes.agent('eu', 'a1')],
    ['phone numbers', routes.voicePhoneNumbers('na', 'a1')],
    ['channels', routes.agentChannels('na', 'a1', 'telegram')],
    ['voice channel', routes.agentVoiceChannel('na', 'a1')],
    ['prototype', routes.prototype('na', 'a1')],
    ['prototype without agent', routes.prototype('na')],
    ['demo', routes.demo('na', 'a1')],
    ['custom tab', routes.customTab('na', '/reports')],
    ['integrations', routes.integrations('na')],
    ['meta pages', routes.metaPages('na')],
    ['whatsapp numbers', routes.whatsappNumbers('eu')],
    ['workspace phone numbers', routes.phoneNumbers('na')],
    ['agency', routes.agency('na')],
    ['clients', routes.clients('na')],
    ['credentials', routes.credentials('na')],
    ['billing', routes.billing('eu')],
    ['workspace', routes.workspace('na')],
    ['onboarding', routes.onboarding('eu')],
  ];

  it.each(links)('%s (%s) opens a page', (_name, link) => {
    const found = matched(link);
    expect(found.length).toBeGreaterThan(0);
    expect(found).not.toContain('*');
  });

  it('sends an unknown app page and an unknown agent section to the not-found page or the default section', () => {
    expect(matched('/nope')).toContain('*');
    expect(matched(routes.agent('na', 'a1', 'nope'))).toContain('*');
  });
});
