import { describe, expect, it } from 'vitest';
import { inviteEmail, signInUrl } from './invite-email';

describe('the invitation e-mail', () => {
  it('names the workspace and the inviter, links to sign-in, and escapes what they typed', () => {
    const mail = inviteEmail({ workspaceName: '<b>Evil</b>', inviterEmail: 'o@e.com', signInUrl: 'https://app.example/login' });
    expect(mail.html).toContain('&lt;b&gt;Evil&lt;/b&gt;');
    expect(mail.html).toContain('o@e.com invited you');
    expect(mail.html).toContain('href="https://app.example/login"');
    expect(mail.subject).toBe("You've been invited to <b>Evil</b> on Parley");
  });

  it('links only to the app itself', () => {
    expect(signInUrl('https://app.example.com/')).toBe('https://app.example.com/login');
    expect(signInUrl('')).toBeNull();
    expect(signInUrl('javascript:alert(1)')).toBeNull();
    expect(inviteEmail({ workspaceName: 'Team', inviterEmail: null, signInUrl: null }).html).not.toContain('href');
  });
});
