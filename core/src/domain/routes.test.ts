import { describe, expect, it } from 'vitest';
import { agentSwitchPath, appPage, isSharePath, parseAgentPath, pathInOtherRegion, routes } from './routes';

describe('routes', () => {
  it('builds every link from its parts (ids with reserved characters are kept whole in the prototype link)', () => {
    expect(routes.prototype('na', 'a b')).toBe('/app/na/prototype?vg_id=a%20b');
    expect(parseAgentPath(routes.agent('eu', 'a1', 'settings'))).toEqual({ region: 'eu', agentId: 'a1', subpath: 'settings' });
  });

  it.each([
    [routes.agent('eu', 'a1'), '/app/eu/agents/a1/overview'],
    [routes.voicePhoneNumbers('na', 'a1'), '/app/na/agents/a1/voice?tab=phoneNumbers'],
    [routes.prototype('na', 'a1'), '/app/na/prototype?vg_id=a1'],
    [routes.prototype('eu', 'a1', true), '/eu/prototype/a1'],
    [routes.demo('eu', 'a1'), '/app/eu/demo/a1/page1'],
    [routes.customTab('na', '/reports'), '/app/na/c/reports'],
    [routes.billing('eu'), '/app/eu/account/billing'],
    [routes.onboarding('eu'), '/onboarding?region=eu'],
    [routes.prototype('eu'), '/app/eu/prototype'],
    [routes.agentChannels('na', 'a1', 'telegram'), '/app/na/agents/a1/channels?channel=telegram'],
    [routes.agentChannels('na', 'a1'), '/app/na/agents/a1/channels'],
    [routes.workspace('na'), '/app/na/workspace'],
    [appPage('na', 'meta-pages'), '/app/na/meta-pages'],
    [appPage('eu'), '/app/eu'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
  it.each([
    ['/app/eu/agents/a1/settings', { region: 'eu', agentId: 'a1', subpath: 'settings' }],
    ['/app/na/agents/a1/channels/voice?x=1', { region: 'na', agentId: 'a1', subpath: 'channels/voice' }],
    ['/app/na/agents/a1', { region: 'na', agentId: 'a1', subpath: '' }],
    ['/app/us/agents/a1', null],
    ['/app/na/clients', null],
  ])('parse %s', (path, expected) => {
    expect(parseAgentPath(path)).toEqual(expected);
  });
  it.each([
    ['/app/eu/agents/a1/kb', '/app/na/agents/a1/kb'],
    ['/app/na/agents', '/app/eu/agents'],
    ['/pricing', '/pricing'],
  ])('other region of %s', (path, expected) => {
    expect(pathInOtherRegion(path)).toBe(expected);
  });
  it.each([
    [{ currentPath: '/app/na/agents/old/settings' }, '/app/na/agents/new/settings'],
    [{ currentPath: '/app/na/agents/old/channels/voice' }, '/app/na/agents/new/channels/voice'],
    [{ currentPath: '/app/na/agents' }, '/app/na/agents/new/overview'],
    [{ currentPath: '/app/na/agents/old/convos', canAccess: ['/convos', '/home'] }, '/app/na/agents/new/convos'],
    [{ currentPath: '/app/na/agents/old/settings', canAccess: ['/leads', '/home'] }, '/app/na/agents/new/home'],
    [{ currentPath: '/app/na/clients', canAccess: ['/leads'] }, '/app/na/agents/new/leads'],
  ])('switch from %j → %s', (input, expected) => {
    expect(agentSwitchPath({ region: 'na', agentId: 'new', ...input })).toBe(expected);
  });
  it('recognises share paths', () => {
    expect(isSharePath('/share/abc')).toBe(true);
    expect(isSharePath('/app/na/agents')).toBe(false);
  });
});
