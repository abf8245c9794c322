// discordInstallLink: the authorisation link that adds our bot and its /ask command to a server, asking for the
// Manage Server permission.
import { channelsApi } from '@parley/core';
import { HttpsError } from 'firebase-functions/https';
import { defineCallable } from '../../callable/define-callable';
import { discordApplicationId, discordSiteBase } from './settings';

export const discordInstallLinkCallable = defineCallable(channelsApi.discordInstallLink, async () => {
  const id = discordApplicationId();
  if (!id) throw new HttpsError('failed-precondition', 'Discord is not configured on this server.');
  return { url: channelsApi.discordInstallUrl(id, discordSiteBase()), permissions: channelsApi.DISCORD_MANAGE_SERVER_PERMISSION };
});
